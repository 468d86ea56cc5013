package dev.scoperag.core.answer;

import static dev.scoperag.core.answer.TestContext.candidates;
import static dev.scoperag.core.answer.TestContext.chunk;
import static org.assertj.core.api.Assertions.assertThat;

import dev.scoperag.core.search.Candidate;
import java.util.List;
import org.junit.jupiter.api.Test;

class RetrievalOrderTest {

    @Test
    void candidatesKeepTheirRetrievalOrderScoredByFusion() {
        List<Candidate> retrieved = candidates(chunk("a", "KO", 2022, "alpha"), chunk("b", "KO", 2022, "beta"), chunk("c", "KO", 2022, "gamma"));

        List<Scored> scored = new RetrievalOrder().rerank("anything", retrieved);

        assertThat(scored).extracting(s -> s.candidate().chunk().chunkId()).containsExactly("a", "b", "c");
        assertThat(scored).extracting(Scored::score).containsExactly(retrieved.get(0).fusedScore(), retrieved.get(1).fusedScore(),
                retrieved.get(2).fusedScore());
        assertThat(new RetrievalOrder().id()).isEqualTo("none");
    }
}
