package dev.scoperag.core.answer;

import static dev.scoperag.core.answer.TestContext.chunk;
import static dev.scoperag.core.answer.TestContext.scored;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class EvidenceQuotaTest {

    /** AMD's six candidates all outscore Intel's three. */
    private static List<Scored> amdDominates() {
        List<Scored> reranked = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            reranked.add(scored(chunk("amd" + i, "AMD", 2022, "AMD text " + i), 0.9 - i * 0.01));
        }
        for (int i = 0; i < 3; i++) {
            reranked.add(scored(chunk("intc" + i, "INTC", 2022, "Intel text " + i), 0.5 - i * 0.1));
        }
        return reranked;
    }

    private static List<String> ids(List<Scored> selected) {
        return selected.stream().map(s -> s.candidate().chunk().chunkId()).toList();
    }

    @Test
    void theWeakerCompanyKeepsItsShareOfTheContext() {
        List<Scored> selected = EvidenceQuota.perTicker(4).select(amdDominates());

        // A plain top 4 would be all AMD; each ticker gets 4 / 2 = 2, best first, ordered by score.
        assertThat(ids(selected)).containsExactly("amd0", "amd1", "intc0", "intc1");
    }

    @Test
    void slotsAGroupCannotFillGoToTheBestRemaining() {
        List<Scored> selected = EvidenceQuota.perTicker(8).select(amdDominates());

        // Intel has only 3 for its 4 slots; the spare slot goes to AMD's next best.
        assertThat(ids(selected)).containsExactly("amd0", "amd1", "amd2", "amd3", "amd4", "intc0", "intc1", "intc2");
    }

    @Test
    void aSingleCompanyIsAPlainTopK() {
        List<Scored> amdOnly = amdDominates().subList(0, 6);

        assertThat(ids(EvidenceQuota.perTicker(3).select(amdOnly))).containsExactly("amd0", "amd1", "amd2");
    }

    @Test
    void withACutoffEachCompanyKeepsOnlyWhatItsOwnShapeSupports() {
        List<Scored> reranked = new ArrayList<>(amdDominates());
        // Intel's list: 0.5, 0.4, 0.3 -> normalised 1, 0.5, 0: a 50% step after the first.
        AdaptiveCutoff cutoff = new AdaptiveCutoff(1, 6, 1.0, 0.4);

        List<Scored> selected = EvidenceQuota.perTicker(6).select(reranked, cutoff);

        // AMD (0.90..0.85, evenly spaced, 20% steps) keeps all 6; its quota is 3, and Intel's two unused slots
        // go to AMD, not to Intel candidates the cutoff dropped.
        assertThat(ids(selected)).containsExactly("amd0", "amd1", "amd2", "amd3", "amd4", "intc0");
    }

    @Test
    void perShardSharesBetweenYearsOfOneCompany() {
        List<Scored> reranked = List.of(
                scored(chunk("a", "AMD", 2022, "a"), 0.9),
                scored(chunk("b", "AMD", 2022, "b"), 0.8),
                scored(chunk("c", "AMD", 2021, "c"), 0.1));

        assertThat(ids(EvidenceQuota.perShard(2).select(reranked))).containsExactly("a", "c");
        assertThat(ids(EvidenceQuota.perTicker(2).select(reranked))).containsExactly("a", "b");
    }

    @Test
    void moreCompaniesThanSlotsGivesOneEachToTheBestCompanies() {
        List<Scored> reranked = List.of(
                scored(chunk("a", "AAA", 2022, "a"), 0.9),
                scored(chunk("a2", "AAA", 2022, "a2"), 0.85),
                scored(chunk("b", "BBB", 2022, "b"), 0.5),
                scored(chunk("c", "CCC", 2022, "c"), 0.3));

        assertThat(ids(EvidenceQuota.perTicker(2).select(reranked))).containsExactly("a", "b");
    }
}
