package dev.scoperag.core.search;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.apache.lucene.analysis.tokenattributes.OffsetAttribute;
import org.apache.lucene.analysis.tokenattributes.PositionIncrementAttribute;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class FilingAnalyzerTest {

    private final FilingAnalyzer analyzer = new FilingAnalyzer();

    @AfterEach
    void closeAnalyzer() {
        analyzer.close();
    }

    /** Each token as {@code term} or, when stacked on the previous position, {@code +term}. */
    private List<String> tokens(String text) throws IOException {
        List<String> tokens = new ArrayList<>();
        try (TokenStream stream = analyzer.tokenStream("text", text)) {
            CharTermAttribute term = stream.addAttribute(CharTermAttribute.class);
            PositionIncrementAttribute increment = stream.addAttribute(PositionIncrementAttribute.class);
            stream.reset();
            while (stream.incrementToken()) {
                tokens.add(increment.getPositionIncrement() == 0 ? "+" + term : term.toString());
            }
            stream.end();
        }
        return tokens;
    }

    @Test
    void thousandsSeparatedFigureIsIndexedAsWrittenAndWithoutSeparators() throws IOException {
        assertThat(tokens("Total $ 1,577 million")).containsExactly("total", "1,577", "+1577", "million");
        assertThat(tokens("1,234,567.89")).containsExactly("1,234,567.89", "+1234567.89");
    }

    @Test
    void decimalsParenthesizedNegativesAndPercentagesKeepTheirDigits() throws IOException {
        assertThat(tokens("margin 32.8 loss (45) growth 12.5%"))
                .containsExactly("margin", "32.8", "loss", "45", "growth", "12.5");
    }

    @Test
    void fiscalYearTokensAlsoYieldTheBareYear() throws IOException {
        assertThat(tokens("FY2018 revenue")).containsExactly("fy2018", "+2018", "revenu");
        assertThat(tokens("fy22")).containsExactly("fy22", "+2022");
        assertThat(tokens("fiscal 2018")).containsExactly("fiscal", "2018");
    }

    @Test
    void quartersTickersAndAcronymsSurviveLowercased() throws IOException {
        assertThat(tokens("Q2 results of AMD and EBITDA")).containsExactly("q2", "result", "amd", "ebitda");
    }

    @Test
    void ampersandAcronymsMatchTheirWrittenOutForm() throws IOException {
        assertThat(tokens("PP&E, R&D and S&P")).containsExactly("ppe", "rd", "sp");
        assertThat(analyzer.terms("text", "PPE")).isEqualTo(analyzer.terms("text", "PP&E"));
        assertThat(tokens("Oil & Gas")).containsExactly("oil", "ga");
    }

    @Test
    void ampersandRemovalKeepsOffsetsPointingAtTheOriginalText() throws IOException {
        String text = "net PP&E rose";
        try (TokenStream stream = analyzer.tokenStream("text", text)) {
            CharTermAttribute term = stream.addAttribute(CharTermAttribute.class);
            OffsetAttribute offset = stream.addAttribute(OffsetAttribute.class);
            stream.reset();
            List<String> spans = new ArrayList<>();
            while (stream.incrementToken()) {
                spans.add(term + "=" + text.substring(offset.startOffset(), offset.endOffset()));
            }
            stream.end();
            assertThat(spans).containsExactly("net=net", "ppe=PP&E", "rose=rose");
        }
    }

    @Test
    void possessivesAndStopWordsAreRemoved() throws IOException {
        assertThat(tokens("What was the Company's net income?")).containsExactly("compani", "net", "incom");
        assertThat(tokens("the company’s margin")).containsExactly("compani", "margin");
    }

    @Test
    void porterConflatesInflectionsButNotDerivations() throws IOException {
        assertThat(tokens("acquired acquires acquiring acquire")).containsOnly("acquir");
        assertThat(tokens("acquisitions acquisition")).containsOnly("acquisit");
    }

    @Test
    void tokensWithDigitsAreNeverStemmed() throws IOException {
        assertThat(tokens("1990s 10s Q3s")).containsExactly("1990s", "10s", "q3s");
    }

    @Test
    void blankOrStopWordOnlyTextHasNoTerms() {
        assertThat(analyzer.terms("text", null)).isEmpty();
        assertThat(analyzer.terms("text", "   ")).isEmpty();
        assertThat(analyzer.terms("text", "What was it?")).isEmpty();
    }

    @Test
    void termsAreDistinctInOrderOfFirstAppearance() {
        assertThat(analyzer.terms("text", "revenue 1,577 revenues 1577"))
                .containsExactly("revenu", "1,577", "1577");
    }
}
