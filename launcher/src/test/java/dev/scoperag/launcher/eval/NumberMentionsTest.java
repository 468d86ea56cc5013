package dev.scoperag.launcher.eval;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class NumberMentionsTest {

    private static List<Double> values(String text) {
        return NumberMentions.figures(text).stream().map(NumberMentions.Figure::value).toList();
    }

    private static boolean states(String reference, String answer) {
        return NumberMentions.stated(NumberMentions.headline(reference).orElseThrow(), answer).isPresent();
    }

    @Test
    void figuresReadCurrencyThousandsSeparatorsParenthesesPercentAndScaleWords() {
        assertThat(values("Revenue was $1,097 million, a loss of (473) and a margin of 30.8%; $4.6B in cash; 1.5 billion shares"))
                .containsExactly(1.097e9, 473.0, 30.8, 4.6e9, 1.5e9);
    }

    @Test
    void yearsAndNumbersGluedToLettersAreNotFigures() {
        assertThat(values("In FY2022 the 10-K for Q4 2022 said 3M grew, per 2021 filings")).isEmpty();
        assertThat(values("dividends of $2021 and 2,021 units")).containsExactly(2021.0, 2021.0);
    }

    @Test
    void theHeadlineIsTheFirstFigureOfTheFirstSentence() {
        assertThat(NumberMentions.headline("$4.60").orElseThrow().value()).isEqualTo(4.60);
        assertThat(NumberMentions.headline("Wages increased in FY2023. This assumes the 12 months ended January 28, 2023.")).isEmpty();
        assertThat(NumberMentions.headline("Corporate. Its net revenue was -$473 million.")).isEmpty();
        assertThat(NumberMentions.headline("Las Vegas resorts contributed ~90% of EBITDAR.").orElseThrow().percent()).isTrue();
    }

    @Test
    void aFigureIsStatedWithinOnePercentSignAside() {
        assertThat(states("$1832.00", "net income of $1,832 million")).isTrue();
        assertThat(states("$1832.00", "net income of $1,860 million")).isFalse();
        assertThat(states("-0.02", "the ratio is 0.0201")).isTrue();
        assertThat(states("30.8%", "revenue grew 30.6%")).isTrue();
        assertThat(states("30.8%", "revenue grew 31.5%")).isFalse();
    }

    @Test
    void scaleWordsCompareByValueAndUnscaledFiguresMayDifferByAThousand() {
        assertThat(states("1.5 billion", "1,500 million")).isTrue();
        assertThat(states("1.5 billion", "1,500 thousand")).isFalse();
        assertThat(states("$4.60 (in USD billions)", "Capital spending (4,625)")).isTrue();
        assertThat(states("$4.60", "Capital spending 460")).isFalse();
    }

    @Test
    void aPercentageMatchesItsFractionAndZeroOnlyZero() {
        assertThat(states("36%", "a share of 0.36")).isTrue();
        assertThat(states("0", "restructuring costs were 0")).isTrue();
        assertThat(states("0", "restructuring costs were 0.4")).isFalse();
    }
}
