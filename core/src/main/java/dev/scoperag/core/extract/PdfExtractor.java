package dev.scoperag.core.extract;

import dev.scoperag.core.filing.FilingRejectedException;
import dev.scoperag.core.filing.RejectReason;
import java.io.IOException;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.io.MemoryUsageSetting;
import org.apache.pdfbox.io.RandomAccessReadBuffer;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.encryption.InvalidPasswordException;
import org.apache.pdfbox.text.PDFTextStripper;

/** Extracts the text of a PDF page by page with PDFBox, keeping where each page starts. */
public final class PdfExtractor {

    // Streams PDFBox decodes while parsing spill to a temp file past this, so one huge filing
    // cannot take the task manager's heap.
    private static final long MAX_MAIN_MEMORY_BYTES = 64L * 1024 * 1024;

    private final TextNormalizer normalizer;

    public PdfExtractor(TextNormalizer normalizer) {
        this.normalizer = normalizer;
    }

    /** The normalized text of the PDF, one entry in {@code pageStarts} per PDF page. */
    public ExtractedText extract(byte[] pdf) throws FilingRejectedException {
        List<String> pages = rawPages(pdf);
        ExtractedText text = normalizer.joinPages(pages, ContentType.PDF, true);
        if (text.text().isBlank()) {
            throw new FilingRejectedException(RejectReason.NO_TEXT,
                    "no extractable text on any of the PDF's " + pages.size() + " pages (scanned or image-only)");
        }
        return text;
    }

    /** The text of each page as PDFBox writes it, before normalization. */
    List<String> rawPages(byte[] pdf) throws FilingRejectedException {
        // RandomAccessReadBuffer wraps the array without copying it.
        try (PDDocument document = Loader.loadPDF(new RandomAccessReadBuffer(pdf), "", null, null,
                MemoryUsageSetting.setupMixed(MAX_MAIN_MEMORY_BYTES).streamCache)) {
            // Owner-password restrictions (no copy, no print) still open with the empty user
            // password; the text is read like any other filing.
            PageCollectingStripper stripper = new PageCollectingStripper(maxRawCharacters());
            // Sorting by position puts each table row on one line ("Sales to customers $ 23,706
            // 100.0 $ 24,804"); content-stream order splits header cells and moves "$" after the
            // number on generated earnings releases (J&J, MGM, Amcor), and is identical on
            // EDGAR-rendered 10-K statements. Compared page by page on FinanceBench PDFs.
            stripper.setSortByPosition(true);
            stripper.setLineSeparator("\n");
            StringWriter sink = new StringWriter();
            stripper.writeText(document, sink);
            stripper.finish(document.getNumberOfPages());
            return stripper.pages;
        } catch (TextTooLargeException e) {
            throw e;
        } catch (InvalidPasswordException e) {
            throw new FilingRejectedException(RejectReason.PDF_ENCRYPTED,
                    "the PDF needs a user password to open: " + e.getMessage(), e);
        } catch (IOException | RuntimeException e) {
            // PDFBox signals broken structure with IOExceptions and, deeper in parsing, with
            // runtime exceptions (ClassCast, IllegalArgument, ...); both mean the file is unreadable.
            throw new FilingRejectedException(RejectReason.PDF_CORRUPT,
                    "the PDF cannot be parsed: " + e, e);
        }
    }

    /**
     * Raw page text kept before normalization: positional layout pads lines with spaces, so four times
     * the normalized limit, which stops a huge PDF while it is being read rather than after.
     */
    private long maxRawCharacters() {
        long max = normalizer.maxCharacters();
        return max > Long.MAX_VALUE / 4 ? Long.MAX_VALUE : max * 4;
    }

    /** Collects each page's text separately in one pass over the document. */
    private static final class PageCollectingStripper extends PDFTextStripper {
        private final List<String> pages = new ArrayList<>();
        private final long maxCharacters;
        private long characters;
        private StringWriter current;

        PageCollectingStripper(long maxCharacters) {
            this.maxCharacters = maxCharacters;
        }

        @Override
        protected void startPage(PDPage page) throws IOException {
            // PDFTextStripper never starts a page without a content stream; those pages are empty.
            while (pages.size() < getCurrentPageNo() - 1) {
                pages.add("");
            }
            current = new StringWriter();
            output = current;
            super.startPage(page);
        }

        @Override
        protected void endPage(PDPage page) throws IOException {
            super.endPage(page);
            String text = current.toString();
            characters += text.length();
            if (characters > maxCharacters) {
                throw new TextTooLargeException("the PDF's text passed " + maxCharacters
                        + " characters as it was read, four times the limit on normalized text");
            }
            pages.add(text);
            current = null;
        }

        // Pad for content-less pages at the end, so indexes match the PDF.
        void finish(int pageCount) {
            while (pages.size() < pageCount) {
                pages.add("");
            }
        }
    }
}
