package dev.scoperag.core.answer;

import dev.scoperag.core.fact.Computation;
import dev.scoperag.core.fact.MetricResult;
import dev.scoperag.core.filing.Shard;
import dev.scoperag.core.query.ShardResult;
import dev.scoperag.core.route.Route;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The numeric route of the answer step: a question asking for a metric is answered with the figure a routed shard
 * computed from its facts, stating the formula and each input with its citation. When no shard could compute it,
 * the question goes to retrieval and the answer record says which facts were missing.
 */
final class NumericRoute {

    static final String MODE = "numeric";

    private NumericRoute() {}

    /**
     * The computed result to answer with: of the latest fiscal year's shard when several of one company computed it.
     * None when the question went to several companies: one company's figure does not answer a comparison.
     */
    /**
     * The product, segment or subsidiary that named the question's issuer (a learned or product alias: "AWS", "Prime",
     * "GeForce"),
     * or null when a name, ticker or alias of the company itself did: a metric of the company's statements answers only
     * for the company as a whole.
     */
    static String partNamed(Route route) {
        if (route == null) {
            return null;
        }
        return route.namedBy().stream().filter(n -> n.how().equals(Route.BY_LEARNED_ALIAS) || n.how().equals(Route.BY_PRODUCT_ALIAS))
                .map(Route.Naming::words).findFirst().orElse(null);
    }

    static Optional<ShardResult> computed(List<ShardResult> results) {
        long companies = results.stream().map(r -> Shard.fromId(r.source()).map(Shard::ticker).orElse(r.source()))
                .distinct().count();
        if (companies > 1) {
            return Optional.empty();
        }
        return results.stream()
                .filter(r -> r.metric() != null && r.metric().computed())
                .max(Comparator.comparingInt(r -> Shard.fromId(r.source()).map(Shard::fiscalYear).orElse(0)));
    }

    /** Why the shards asked could not compute the metric, by shard; empty when none was asked for one. */
    static Map<String, Object> missing(List<ShardResult> results) {
        Map<String, Object> missing = new LinkedHashMap<>();
        for (ShardResult r : results) {
            MetricResult metric = r.metric();
            if (metric != null && !metric.computed()) {
                missing.put("metric", metric.metric());
                missing.put(r.source(), metric.missing());
            }
        }
        return missing;
    }

    /** The detail an answer from retrieval carries when the numeric route could not compute the metric. */
    static String fallbackDetail(Map<String, Object> missing) {
        List<String> reasons = new ArrayList<>();
        missing.forEach((key, value) -> {
            if (!key.equals("metric")) {
                reasons.add(key + ": " + String.join("; ", castList(value)));
            }
        });
        return "the numeric route did not compute " + missing.get("metric") + " (" + String.join(" | ", reasons)
                + "); answered from retrieval";
    }

    @SuppressWarnings("unchecked")
    private static List<String> castList(Object value) {
        return (List<String>) value;
    }

    /** The answer's text: the figure, the formula, each input with its citation. */
    static String text(Computation c, String shard) {
        StringBuilder text = new StringBuilder();
        String years = c.fiscalYears().size() == 1 ? "FY" + c.fiscalYears().get(0)
                : "FY" + c.fiscalYears().get(0) + "-FY" + c.fiscalYears().get(c.fiscalYears().size() - 1) + " average";
        text.append(capitalized(c.metric())).append(" (").append(shard.split(":")[0]).append(", ").append(years)
                .append("): ").append(c.display()).append(".\nFormula: ").append(c.formula()).append(".\nInputs:");
        for (Computation.Input input : c.inputs()) {
            text.append("\n- ").append(input.name()).append(" FY").append(input.fiscalYear()).append(" = ")
                    .append(amount(input)).append(" (");
            List<String> cited = input.facts().stream().map(Computation.Citation::describe).toList();
            text.append(String.join("; ", cited)).append(")");
        }
        return text.toString();
    }

    /** The inputs' facts as the answer's citations (pages 0-based, as every citation of an answer record counts them). */
    static List<Citation> citations(Computation c, String shard) {
        Shard s = Shard.fromId(shard).orElse(null);
        List<Citation> citations = new ArrayList<>();
        for (Computation.Input input : c.inputs()) {
            for (Computation.Citation fact : input.facts()) {
                String factId = "fact:" + fact.concept() + "@" + (fact.context() != null ? fact.context() : fact.period());
                citations.add(new Citation(factId, fact.docId(), s == null ? null : s.ticker(), s == null ? 0 : s.fiscalYear(),
                        null, fact.page() == null ? List.of() : List.of(fact.page() - 1), -1, -1, fact.describe()));
            }
        }
        return citations;
    }

    private static String amount(Computation.Input input) {
        if ("USD".equals(input.unit())) {
            return "$" + String.format(java.util.Locale.ROOT, "%,.2f", input.value().movePointLeft(6)).replaceAll("\\.00$", "")
                    + " million";
        }
        return input.value().toPlainString() + " " + input.unit();
    }

    private static String capitalized(String s) {
        return s.isEmpty() ? s : Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }
}
