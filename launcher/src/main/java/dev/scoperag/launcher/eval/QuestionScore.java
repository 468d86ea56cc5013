package dev.scoperag.launcher.eval;

import dev.scoperag.core.answer.AnswerEvent;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * How one arm did on one question, judged on the first k chunks of the answer's context.
 *
 * <p>A chunk <em>hits</em> a gold evidence item when it belongs to the evidence's document and, for a
 * document with pages, its page span includes the evidence page; for a document without page breaks,
 * when it holds at least {@value #TOKEN_RULE} of the evidence text's tokens.
 *
 * @param routed whether the gold document's shard is among the routed shards; null for an arm that does
 *     not route
 * @param firstHitRank 1-based rank of the first chunk that hits a gold evidence item, 0 for none
 * @param evidenceRecall per evidence item, the best share of its tokens one context chunk holds, averaged
 *     over the items; null when the question has no evidence text
 * @param wrongIssuer context chunks from another company than the gold document's
 * @param numericMatch whether the answer states the reference answer's headline figure; null when the
 *     reference states none
 * @param answerMode the answer record's {@code retrieval.answer_mode} ({@code extractive}, {@code numeric}, ...)
 */
public record QuestionScore(
        String questionId,
        String status,
        Boolean routed,
        boolean docHit,
        int firstHitRank,
        Double evidenceRecall,
        int contextSize,
        int wrongIssuer,
        Boolean numericMatch,
        String referenceFigure,
        String statedFigure,
        List<String> routedShards,
        List<String> context,
        Map<String, Double> timings,
        String answer,
        String answerMode) {

    static final double TOKEN_RULE = 0.5;

    /** A score without the answer's mode. */
    public QuestionScore(String questionId, String status, Boolean routed, boolean docHit, int firstHitRank,
            Double evidenceRecall, int contextSize, int wrongIssuer, Boolean numericMatch, String referenceFigure,
            String statedFigure, List<String> routedShards, List<String> context, Map<String, Double> timings,
            String answer) {
        this(questionId, status, routed, docHit, firstHitRank, evidenceRecall, contextSize, wrongIssuer, numericMatch,
                referenceFigure, statedFigure, routedShards, context, timings, answer, null);
    }

    /** Whether the numeric route answered: a metric computed from the filing's facts. */
    public boolean numericRoute() {
        return "numeric".equals(answerMode);
    }

    public boolean pageHit() {
        return firstHitRank > 0;
    }

    public double reciprocalRank() {
        return firstHitRank > 0 ? 1.0 / firstHitRank : 0;
    }

    /**
     * Scores an answer.
     *
     * @param routes whether the arm routes: when not, {@code routed} is null
     * @throws IllegalArgumentException if the question's document is not in the corpus
     */
    public static QuestionScore of(EvalQuestion question, EvalCorpus corpus, boolean routes, AnswerEvent answer, int k) {
        EvalCorpus.Document gold = corpus.document(question.docName())
                .orElseThrow(() -> new IllegalArgumentException("document " + question.docName() + " is not in the corpus"));
        List<ContextChunk> context = ContextChunk.of(answer, corpus, k);
        List<EvidenceTokens> chunkTokens = context.stream().map(c -> EvidenceTokens.of(c.text())).toList();

        List<String> routedShards = answer.route() == null ? List.of()
                : answer.route().shards().stream().map(s -> s.ticker() + ":" + s.fiscalYear()).toList();
        Boolean routed = routes ? routedShards.contains(gold.shard()) : null;
        boolean docHit = context.stream().anyMatch(c -> c.isOf(gold));

        int firstHitRank = 0;
        double recallSum = 0;
        int recallItems = 0;
        for (EvalQuestion.Evidence evidence : question.evidence()) {
            EvalCorpus.Document document = corpus.document(evidence.docName()).orElse(gold);
            EvidenceTokens tokens = EvidenceTokens.of(evidence.text());
            double best = 0;
            for (int i = 0; i < context.size(); i++) {
                ContextChunk chunk = context.get(i);
                double recall = tokens.recallIn(chunkTokens.get(i));
                best = Math.max(best, recall);
                if (hits(chunk, document, evidence.page(), tokens.isEmpty() ? 0 : recall)
                        && (firstHitRank == 0 || chunk.rank() < firstHitRank)) {
                    firstHitRank = chunk.rank();
                }
            }
            if (!tokens.isEmpty()) {
                recallSum += best;
                recallItems++;
            }
        }

        int wrongIssuer = (int) context.stream().filter(c -> c.document() == null || !c.document().sameIssuer(gold)).count();
        Boolean numericMatch = null;
        String reference = null;
        String stated = null;
        var headline = NumberMentions.headline(question.answer());
        if (headline.isPresent()) {
            reference = headline.get().text();
            var found = NumberMentions.stated(headline.get(), answer.answer());
            numericMatch = found.isPresent();
            stated = found.map(NumberMentions.Figure::text).orElse(null);
        }
        List<String> described = new ArrayList<>();
        for (ContextChunk c : context) {
            String doc = c.document() == null ? c.shard() + "/" + c.docId() : c.document().name();
            described.add(doc + (c.pageStart() == null ? "" : " p" + c.pageStart() + (c.pageEnd().equals(c.pageStart()) ? "" : "-" + c.pageEnd())));
        }
        return new QuestionScore(question.id(), answer.status(), routed, docHit, firstHitRank,
                recallItems == 0 ? null : recallSum / recallItems, context.size(), wrongIssuer, numericMatch, reference, stated,
                routedShards, described, answer.timingsMs() == null ? Map.of() : answer.timingsMs(), answer.answer(),
                answer.retrieval() == null ? null : (String) answer.retrieval().get("answer_mode"));
    }

    /** Whether a context chunk is gold evidence: see the class comment. */
    static boolean hits(ContextChunk chunk, EvalCorpus.Document evidenceDocument, int page, double tokenRecall) {
        if (!chunk.isOf(evidenceDocument)) {
            return false;
        }
        if (evidenceDocument.paged() && page >= 0) {
            return chunk.spansPage(page);
        }
        return tokenRecall >= TOKEN_RULE;
    }
}
