package dev.scoperag.launcher.ask;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * An answer record as a person reads it: status and route, the answer, and each citation with its
 * company, fiscal year, form and pages (1-based, as a PDF viewer numbers them).
 */
public final class AnswerText {

    private static final int WIDTH = 100;

    private AnswerText() {}

    public static String format(JsonNode answer, String indent) {
        StringBuilder out = new StringBuilder();
        String status = answer.path("status").asText();
        out.append(indent).append(status);
        if (answer.hasNonNull("reason")) {
            out.append(" (").append(answer.get("reason").asText()).append(')');
        }
        String route = route(answer.path("route"));
        if (!route.isEmpty()) {
            out.append(" - ").append(route);
        }
        double total = totalMillis(answer.path("timings_ms"));
        if (total > 0) {
            out.append(String.format(Locale.ROOT, "; %.0f ms in the query job", total));
        }
        out.append('\n');
        boolean numericFallback = answer.path("retrieval").has("numeric_missing");
        if (answer.hasNonNull("detail") && (!"answered".equals(status) || numericFallback)) {
            out.append(wrap(answer.get("detail").asText(), indent + "  ")).append('\n');
        }
        if (answer.hasNonNull("answer")) {
            out.append('\n').append(wrap(answer.get("answer").asText(), indent + "  ")).append('\n');
        }
        if (answer.hasNonNull("computation")) {
            out.append('\n').append(computation(answer.get("computation"), indent + "  "));
        }
        JsonNode citations = answer.path("citations");
        if (citations.size() > 0) {
            out.append('\n').append(indent).append("  citations:\n");
            Map<String, String> names = companyNames(answer.path("route"));
            int n = 1;
            for (JsonNode c : citations) {
                out.append(indent).append("    [").append(n++).append("] ").append(citation(c, names)).append('\n');
            }
        }
        return out.toString();
    }

    /** {@code routed to AMCR FY2023 (deterministic, confidence 0.95)}. */
    public static String route(JsonNode route) {
        if (route.isMissingNode() || route.isNull()) {
            return "";
        }
        List<String> shards = new ArrayList<>();
        for (JsonNode s : route.path("shards")) {
            shards.add(s.path("ticker").asText() + " FY" + s.path("fiscal_year").asInt());
        }
        String how = String.format(Locale.ROOT, "%s, confidence %.2f", route.path("method").asText(), route.path("confidence").asDouble());
        if (route.path("fallback").asBoolean()) {
            return "no company named: searched the whole corpus (" + how + ")";
        }
        if (shards.isEmpty()) {
            List<String> issuers = new ArrayList<>();
            for (JsonNode i : route.path("issuers")) {
                issuers.add(i.path("name").asText(i.path("ticker").asText()) + (i.path("in_corpus").asBoolean() ? "" : " (not in the corpus)"));
            }
            return issuers.isEmpty() ? how : "names " + String.join(", ", issuers) + " (" + how + ")";
        }
        return "routed to " + String.join(", ", shards) + " (" + how + ")";
    }

    /**
     * The structured computation of an answer from facts: the formula, the result with its rounding, and every input
     * with the facts it was read from.
     */
    static String computation(JsonNode c, String indent) {
        StringBuilder s = new StringBuilder();
        s.append(indent).append("computation: ").append(c.path("metric").asText()).append(" = ")
                .append(c.path("formula").asText()).append('\n');
        s.append(indent).append("  result ").append(c.path("result").asText()).append(' ').append(c.path("unit").asText())
                .append(" -> ").append(c.path("display").asText()).append(" (").append(c.path("rounding").asText())
                .append(")\n");
        for (JsonNode input : c.path("inputs")) {
            s.append(indent).append("  ").append(input.path("name").asText()).append(" FY").append(input.path("fiscal_year").asInt())
                    .append(" = ").append(input.path("value").asText()).append(' ').append(input.path("unit").asText()).append('\n');
            for (JsonNode fact : input.path("facts")) {
                s.append(indent).append("      ").append(fact.path("concept").asText());
                if (fact.hasNonNull("context")) {
                    s.append(" [context ").append(fact.get("context").asText()).append(']');
                }
                if (fact.hasNonNull("page")) {
                    s.append(" page ").append(fact.get("page").asInt());
                }
                s.append(", ").append(fact.path("period").asText()).append(", ").append(fact.path("doc_id").asText())
                        .append(": ").append(fact.path("value").asText()).append('\n');
            }
        }
        return s.toString();
    }

    /** {@code Amcor (AMCR), fiscal year 2023, EARNINGS 2023Q4, page 1}. */
    static String citation(JsonNode c, Map<String, String> names) {
        if (c.path("chunk_id").asText().startsWith("fact:")) {
            // A fact of a computed answer: its concept, context, period and document say where it is.
            return c.path("quote").asText();
        }
        String ticker = c.path("ticker").asText();
        String company = names.getOrDefault(ticker, ticker);
        String form = c.path("form_type").asText();
        String doc = c.path("doc_id").asText();
        int at = doc.indexOf('@');
        String period = at < 0 ? "" : " " + doc.substring(at + 1);
        StringBuilder s = new StringBuilder();
        s.append(company.equals(ticker) ? ticker : company + " (" + ticker + ")")
                .append(", fiscal year ").append(c.path("fiscal_year").asInt())
                .append(", ").append(form).append(period)
                .append(", ").append(pages(c));
        return s.toString();
    }

    private static String pages(JsonNode c) {
        List<Integer> pages = new ArrayList<>();
        c.path("pages").forEach(p -> pages.add(p.asInt() + 1));
        if (pages.isEmpty()) {
            return String.format(Locale.ROOT, "characters %,d-%,d (no page breaks in this filing)",
                    c.path("char_start").asInt(), c.path("char_end").asInt());
        }
        int first = pages.stream().min(Integer::compare).orElseThrow();
        int last = pages.stream().max(Integer::compare).orElseThrow();
        return first == last ? "page " + first : "pages " + first + "-" + last;
    }

    private static Map<String, String> companyNames(JsonNode route) {
        Map<String, String> names = new HashMap<>();
        for (JsonNode i : route.path("issuers")) {
            if (i.hasNonNull("ticker") && i.hasNonNull("name")) {
                names.put(i.get("ticker").asText(), i.get("name").asText());
            }
        }
        return names;
    }

    private static double totalMillis(JsonNode timings) {
        if (timings.has("total")) {
            return timings.get("total").asDouble();
        }
        double sum = 0;
        for (JsonNode t : timings) {
            sum += t.asDouble();
        }
        return sum;
    }

    /** Wraps at word boundaries, keeping the answer's own line breaks. */
    static String wrap(String text, String indent) {
        StringBuilder out = new StringBuilder();
        for (String paragraph : text.split("\n")) {
            StringBuilder line = new StringBuilder(indent);
            for (String word : paragraph.split(" ")) {
                if (line.length() > indent.length() && line.length() + 1 + word.length() > WIDTH) {
                    out.append(line).append('\n');
                    line = new StringBuilder(indent);
                }
                if (line.length() > indent.length()) {
                    line.append(' ');
                }
                line.append(word);
            }
            out.append(line).append('\n');
        }
        return out.toString().stripTrailing();
    }
}
