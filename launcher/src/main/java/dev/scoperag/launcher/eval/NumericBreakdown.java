package dev.scoperag.launcher.eval;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * An arm's numeric match by question type, and the numeric route's share: the questions it answered from facts
 * and how many of those state the reference figure.
 *
 * @param byType per question type: questions whose reference states a figure, and how many answers state it
 * @param routeTaken questions the numeric route answered
 * @param routeScored of those, the ones whose reference states a figure
 * @param routeRight of those, the ones whose answer states it
 */
record NumericBreakdown(Map<String, Count> byType, int routeTaken, int routeScored, int routeRight) {

    /** Numeric questions and matches. */
    record Count(int questions, int matched) {

        Double share() {
            return questions == 0 ? null : (double) matched / questions;
        }
    }

    static NumericBreakdown of(List<EvalQuestion> questions, List<QuestionScore> scores) {
        Map<String, int[]> counts = new TreeMap<>();
        int taken = 0;
        int scored = 0;
        int right = 0;
        for (int i = 0; i < scores.size(); i++) {
            QuestionScore s = scores.get(i);
            String type = questions.get(i).type() == null ? "(none)" : questions.get(i).type();
            if (s.numericMatch() != null) {
                int[] c = counts.computeIfAbsent(type, t -> new int[2]);
                c[0]++;
                c[1] += s.numericMatch() ? 1 : 0;
            }
            if (s.numericRoute()) {
                taken++;
                if (s.numericMatch() != null) {
                    scored++;
                    right += s.numericMatch() ? 1 : 0;
                }
            }
        }
        Map<String, Count> byType = new LinkedHashMap<>();
        counts.forEach((type, c) -> byType.put(type, new Count(c[0], c[1])));
        return new NumericBreakdown(byType, taken, scored, right);
    }

    Map<String, Object> toJson() {
        Map<String, Object> json = new LinkedHashMap<>();
        Map<String, Object> types = new LinkedHashMap<>();
        byType.forEach((type, c) -> types.put(type, Map.of("numeric_questions", c.questions(),
                "numeric_match", ArmSummary.round(c.share()) == null ? "n/a" : ArmSummary.round(c.share()))));
        json.put("by_question_type", types);
        Map<String, Object> route = new LinkedHashMap<>();
        route.put("taken", routeTaken);
        route.put("with_reference_figure", routeScored);
        route.put("right", routeRight);
        json.put("numeric_route", route);
        return json;
    }
}
