package dev.scoperag.launcher.eval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class EvidenceTokensTest {

    @Test
    void tokensAreLowerCaseWordsAndNumbersWithoutThousandsSeparators() {
        assertThat(EvidenceTokens.tokens("Total revenue\n$ 12,617 \n(3,162) 9.5 times, 2022,")).containsExactly("total", "revenue", "12617", "3162", "9.5", "times", "2022");
    }

    @Test
    void recallIsTheShareOfTheEvidenceTokensTheChunkHoldsCountingRepeats() {
        EvidenceTokens evidence = EvidenceTokens.of("net sales net sales 100");
        assertThat(evidence.recallIn(EvidenceTokens.of("Net sales were 100"))).isCloseTo(3 / 5.0, within(1e-9));
        assertThat(evidence.recallIn(EvidenceTokens.of("net sales, net sales: 100 and more"))).isEqualTo(1.0);
        assertThat(EvidenceTokens.of("").recallIn(evidence)).isZero();
    }

    @Test
    void layoutDoesNotChangeTheTokens() {
        EvidenceTokens pdf = EvidenceTokens.of("Revenue:\nRegulated\n$\n3,538 \n$\n2,868");
        EvidenceTokens edgar = EvidenceTokens.of("Revenue: Regulated $ 3,538   $ 2,868");
        assertThat(pdf.recallIn(edgar)).isEqualTo(1.0);
    }
}
