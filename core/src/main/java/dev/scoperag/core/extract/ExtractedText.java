package dev.scoperag.core.extract;

import java.util.Arrays;

/**
 * The normalized text of one document and where its pages start in it.
 *
 * <p>{@code pageStarts[i]} is the char offset at which 0-based page {@code i} begins (page numbers
 * as FinanceBench counts them: the PDF page index). A document without page breaks (EDGAR text or
 * HTML) has no page starts.
 */
public record ExtractedText(String text, int[] pageStarts, ContentType contentType) {

    public int pageCount() {
        return pageStarts.length;
    }

    public boolean hasPages() {
        return pageStarts.length > 0;
    }

    /** The 0-based page holding {@code offset}, or null for a document without pages. */
    public Integer pageAt(int offset) {
        if (!hasPages()) {
            return null;
        }
        int found = Arrays.binarySearch(pageStarts, offset);
        return found >= 0 ? lastPageStartingAt(found) : Math.max(0, -found - 2);
    }

    // Empty pages share a start offset with the page after them; the text belongs to the last one.
    private int lastPageStartingAt(int index) {
        while (index + 1 < pageStarts.length && pageStarts[index + 1] == pageStarts[index]) {
            index++;
        }
        return index;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ExtractedText other
                && text.equals(other.text)
                && Arrays.equals(pageStarts, other.pageStarts)
                && contentType == other.contentType;
    }

    @Override
    public int hashCode() {
        return 31 * text.hashCode() + Arrays.hashCode(pageStarts);
    }

    @Override
    public String toString() {
        return "ExtractedText[" + contentType + ", " + text.length() + " chars, " + pageStarts.length + " pages]";
    }
}
