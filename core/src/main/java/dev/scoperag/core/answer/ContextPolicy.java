package dev.scoperag.core.answer;

import dev.scoperag.core.search.Candidate;
import dev.scoperag.core.search.FinancialStatement;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * How the reranked candidates become the answer's context, after reranking and before the top_k cut.
 *
 * <p>{@code dropOverlapping}: chunks overlap their neighbours by half (a 1,250-char stride over 2,500-char
 * chunks), so a reranked list often holds two or three neighbours that say the same thing; a candidate sharing
 * at least half of its characters with a better one of the same document version is dropped, and its place
 * goes to a passage from elsewhere. On the 51 FinanceBench dev questions (40 of their documents, k = 5) it
 * raised page recall from 0.549 to 0.588 and MRR from 0.379 to 0.395; on by default.
 *
 * <p>{@code adaptiveCutoff}: the {@link AdaptiveCutoff} (stop at most of the score mass or at a cliff) instead
 * of always top_k. On the same questions it never added a hit and only shortened six contexts (page recall
 * 0.588 with and without it), so it did not earn its place and is off by default.
 *
 * <p>{@code statementSlot}: when the question names a financial statement ("using the statement of income",
 * "shown in the balance sheet") and no context chunk holds it, the best candidate that does takes the last slot,
 * reranked or not (a routed search returns the statements it found even past its cut), from the latest fiscal year
 * among them (a filing's statements carry the prior years as comparatives, so an earlier filing's statement in the
 * context does not stand in for the latest one's). The statement is a table of figures the reranker's semantic and
 * lexical features undervalue against the MD&amp;A prose about the same line items. On the 51 dev questions over the
 * full corpus, hdrr's page recall is 0.667 with the slot and 0.588 without (four hits, no loss); on by default.
 */
public record ContextPolicy(boolean dropOverlapping, boolean adaptiveCutoff, boolean statementSlot) implements Serializable {

    /** A candidate overlapping a better one by this share of its own length or more is redundant. */
    static final double REDUNDANT_SHARE = 0.5;

    public static ContextPolicy defaults() {
        return new ContextPolicy(true, false, true);
    }

    public ContextPolicy withDropOverlapping(boolean value) {
        return new ContextPolicy(value, adaptiveCutoff, statementSlot);
    }

    public ContextPolicy withAdaptiveCutoff(boolean value) {
        return new ContextPolicy(dropOverlapping, value, statementSlot);
    }

    public ContextPolicy withStatementSlot(boolean value) {
        return new ContextPolicy(dropOverlapping, adaptiveCutoff, value);
    }

    /**
     * {@code context} with, for each statement the question names that no context chunk holds, the best
     * candidate holding it (latest fiscal year first, then the reranked order, then {@code unranked}'s order) in
     * place of the last chunk that holds none; unchanged when the slot is off or no candidate holds the statement.
     *
     * @param unranked the retrieved candidates the reranker did not score (it scores the first 20 of all the routed
     *     shards' candidates by fused score, so the statement a search added past its cut is here); empty for a
     *     corpus-wide search, whose statements are any company's
     */
    List<Scored> withStatements(String question, List<Scored> reranked, List<Candidate> unranked, List<Scored> context) {
        Set<FinancialStatement> named = statementSlot ? FinancialStatement.namedIn(question) : Set.of();
        if (named.isEmpty() || context.isEmpty()) {
            return context;
        }
        List<Scored> pool = new ArrayList<>(reranked);
        Set<String> scored = new HashSet<>();
        reranked.forEach(s -> scored.add(s.candidate().chunk().chunkId()));
        for (Candidate c : unranked) {
            if (scored.add(c.chunk().chunkId())) {
                pool.add(new Scored(c, Double.NEGATIVE_INFINITY));
            }
        }
        // Each candidate's statement, read once; the context is drawn from the candidates.
        Map<Scored, FinancialStatement> held = new IdentityHashMap<>();
        for (Scored s : pool) {
            FinancialStatement.headedIn(s.candidate().chunk().text()).ifPresent(f -> held.put(s, f));
        }
        List<Scored> result = new ArrayList<>(context);
        for (FinancialStatement statement : named) {
            Scored best = null;
            for (Scored candidate : pool) {
                if (held.get(candidate) == statement
                        && (best == null || candidate.candidate().chunk().fiscalYear() > best.candidate().chunk().fiscalYear())) {
                    best = candidate;
                }
            }
            int latest = best == null ? Integer.MIN_VALUE : best.candidate().chunk().fiscalYear();
            // The latest filing's statement covers the earlier years as comparatives: an older one does not stand in for it.
            if (result.stream().anyMatch(s -> held.get(s) == statement && s.candidate().chunk().fiscalYear() >= latest)) {
                continue;
            }
            int replaced = -1;
            for (int i = result.size() - 1; i >= 0 && replaced < 0; i--) {
                if (!held.containsKey(result.get(i))) {
                    replaced = i;
                }
            }
            if (best == null || replaced < 0) {
                continue;
            }
            result.remove(replaced);
            result.add(best);
        }
        return result;
    }

    /** The cut to apply for {@code topK}: the adaptive one, or simply the first {@code topK}. */
    AdaptiveCutoff cutoff(int topK) {
        return adaptiveCutoff ? AdaptiveCutoff.defaults(topK) : new AdaptiveCutoff(topK, topK, 1, 1);
    }

    /** {@code reranked} without the candidates that are redundant with a better one, order kept. */
    List<Scored> distinct(List<Scored> reranked) {
        if (!dropOverlapping) {
            return reranked;
        }
        List<Scored> kept = new ArrayList<>(reranked.size());
        for (Scored candidate : reranked) {
            if (kept.stream().noneMatch(better -> redundant(candidate, better))) {
                kept.add(candidate);
            }
        }
        return kept;
    }

    private static boolean redundant(Scored candidate, Scored better) {
        var c = candidate.candidate().chunk();
        var b = better.candidate().chunk();
        if (!c.docId().equals(b.docId()) || !c.docHash().equals(b.docHash())) {
            return false;
        }
        int overlap = Math.min(c.charEnd(), b.charEnd()) - Math.max(c.charStart(), b.charStart());
        return overlap > 0 && overlap >= REDUNDANT_SHARE * (c.charEnd() - c.charStart());
    }
}
