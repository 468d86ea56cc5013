package dev.scoperag.core.extract;

import dev.scoperag.core.filing.FilingRejectedException;
import dev.scoperag.core.filing.RejectReason;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jsoup.nodes.Node;
import org.jsoup.nodes.TextNode;
import org.jsoup.select.NodeFilter;
import org.jsoup.select.NodeTraversor;

/**
 * Extracts the readable text of an HTML filing (EDGAR {@code .htm}): blocks become lines, each
 * table row becomes one line, and pages are kept when the document marks its page breaks.
 */
public final class HtmlExtractor {

    private static final Set<String> BLOCK_TAGS = Set.of(
            "address", "article", "aside", "blockquote", "body", "caption", "center", "dd", "div", "dl",
            "dt", "fieldset", "figcaption", "figure", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6",
            "header", "hr", "li", "main", "nav", "ol", "p", "pre", "section", "table", "ul");

    private static final Pattern PAGE_BREAK_BEFORE =
            Pattern.compile("(?i)(?:page-break-before|break-before)\\s*:\\s*(?:always|page)");
    private static final Pattern PAGE_BREAK_AFTER =
            Pattern.compile("(?i)(?:page-break-after|break-after)\\s*:\\s*(?:always|page)");
    private static final Pattern HTML_WHITESPACE = Pattern.compile("[ \\t\\n\\r\\f]+");
    // "$" and ")" sit in cells of their own in EDGAR statements; they belong to the number beside them.
    private static final Pattern LEADING_SYMBOL_CELL = Pattern.compile("[$€£¥(]+");
    private static final Pattern TRAILING_SYMBOL_CELL = Pattern.compile("[)%]+|\\)%");
    private static final String CELL_SEPARATOR = " | ";

    private final TextNormalizer normalizer;

    public HtmlExtractor(TextNormalizer normalizer) {
        this.normalizer = normalizer;
    }

    /** Extracts HTML bytes, taking the charset from a BOM or a meta tag (UTF-8 otherwise). */
    public ExtractedText extract(byte[] html, ContentType contentType) throws FilingRejectedException {
        try {
            return extract(Jsoup.parse(new ByteArrayInputStream(html), null, ""), contentType);
        } catch (IOException | UncheckedIOException e) {
            throw new FilingRejectedException(RejectReason.UNSUPPORTED_CONTENT_TYPE,
                    "the HTML cannot be decoded: " + e.getMessage(), e);
        }
    }

    /** Extracts HTML that is already a string (the body of an EDGAR submission document). */
    public ExtractedText extract(String html, ContentType contentType) throws FilingRejectedException {
        return extract(Jsoup.parse(html), contentType);
    }

    private ExtractedText extract(Document document, ContentType contentType) throws FilingRejectedException {
        removeInvisible(document);
        PageRenderer renderer = new PageRenderer();
        NodeTraversor.filter(renderer, document.body());
        List<String> pages = renderer.finish();
        ExtractedText text = pages.size() > 1
                ? normalizer.joinPages(pages, contentType, false)
                : normalizer.whole(pages.isEmpty() ? "" : pages.get(0), contentType);
        if (text.text().isBlank()) {
            throw new FilingRejectedException(RejectReason.NO_TEXT, "the HTML document has no visible text");
        }
        return text;
    }

    private static void removeInvisible(Document document) {
        // ix:header carries the hidden XBRL facts (dei:..., contexts) that inline XBRL 10-Ks repeat
        // at the top; it is not part of the readable filing.
        document.select("script, style, noscript, template, ix|header").remove();
        document.select("[style~=(?i)display\\s*:\\s*none]").remove();
    }

    /** Renders the body as text, cutting a new page at every CSS page break. */
    private static final class PageRenderer implements NodeFilter {
        private final List<String> pages = new ArrayList<>();
        private StringBuilder page = new StringBuilder();
        private int preDepth;

        @Override
        public FilterResult head(Node node, int depth) {
            if (node instanceof TextNode textNode) {
                page.append(preDepth > 0
                        ? textNode.getWholeText()
                        : HTML_WHITESPACE.matcher(textNode.getWholeText()).replaceAll(" "));
                return FilterResult.CONTINUE;
            }
            if (!(node instanceof Element element)) {
                return FilterResult.CONTINUE;
            }
            if (PAGE_BREAK_BEFORE.matcher(element.attr("style")).find()) {
                newPage();
            }
            String tag = element.normalName();
            if (tag.equals("table")) {
                endLine();
                appendTable(element);
                if (PAGE_BREAK_AFTER.matcher(element.attr("style")).find()) {
                    newPage();
                }
                // SKIP_ENTIRELY also skips tail(), which is why the table's own page break is handled here.
                return FilterResult.SKIP_ENTIRELY;
            }
            if (tag.equals("pre")) {
                preDepth++;
            }
            if (tag.equals("br")) {
                page.append('\n');
            } else if (BLOCK_TAGS.contains(tag)) {
                endLine();
            }
            return FilterResult.CONTINUE;
        }

        @Override
        public FilterResult tail(Node node, int depth) {
            if (node instanceof Element element) {
                String tag = element.normalName();
                if (tag.equals("pre")) {
                    preDepth--;
                }
                if (BLOCK_TAGS.contains(tag)) {
                    endLine();
                }
                if (PAGE_BREAK_AFTER.matcher(element.attr("style")).find()) {
                    newPage();
                }
            }
            return FilterResult.CONTINUE;
        }

        private void appendTable(Element table) {
            for (Element row : table.select("tr")) {
                if (owningTable(row) != table) {
                    continue; // a nested table's rows are already inside this table's cell text
                }
                String line = rowLine(row);
                if (!line.isEmpty()) {
                    page.append(line).append('\n');
                }
            }
        }

        private static Element owningTable(Element row) {
            Element parent = row.parent();
            while (parent != null && !parent.normalName().equals("table")) {
                parent = parent.parent();
            }
            return parent;
        }

        private static String rowLine(Element row) {
            List<String> cells = new ArrayList<>();
            String pendingPrefix = "";
            for (Element cell : row.children()) {
                if (!cell.normalName().equals("td") && !cell.normalName().equals("th")) {
                    continue;
                }
                String text = cell.text().replace('\u00A0', ' ').strip();
                if (text.isEmpty()) {
                    continue;
                }
                if (LEADING_SYMBOL_CELL.matcher(text).matches()) {
                    pendingPrefix += text;
                } else if (TRAILING_SYMBOL_CELL.matcher(text).matches() && !cells.isEmpty()) {
                    cells.set(cells.size() - 1, cells.get(cells.size() - 1) + text);
                } else {
                    cells.add(pendingPrefix + text);
                    pendingPrefix = "";
                }
            }
            if (!pendingPrefix.isEmpty()) {
                cells.add(pendingPrefix);
            }
            return String.join(CELL_SEPARATOR, cells);
        }

        // Block boundaries end the current line once: nested or adjacent blocks (EDGAR wraps every
        // paragraph in a div, often several deep) must not pile up blank lines.
        private void endLine() {
            int end = page.length();
            while (end > 0 && page.charAt(end - 1) == ' ') {
                end--;
            }
            page.setLength(end);
            if (end > 0 && page.charAt(end - 1) != '\n') {
                page.append('\n');
            }
        }

        private void newPage() {
            pages.add(page.toString());
            page = new StringBuilder();
        }

        List<String> finish() {
            newPage();
            return pages;
        }
    }
}
