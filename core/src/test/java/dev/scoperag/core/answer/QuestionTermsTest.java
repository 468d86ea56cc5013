package dev.scoperag.core.answer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.scoperag.core.search.FilingAnalyzer;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

class QuestionTermsTest {

    private static final FilingAnalyzer ANALYZER = new FilingAnalyzer();

    @AfterAll
    static void closeAnalyzer() {
        ANALYZER.close();
    }

    private static AnalyzedText terms(String text) {
        return AnalyzedText.of(ANALYZER, text);
    }

    @Test
    void genericQuestionWordsAndFormNamesAreNotSalient() {
        QuestionTerms terms = QuestionTerms.of(
                "What is the FY2018 capital expenditure amount (in USD millions) for 3M? Use the 10-K.", ANALYZER);

        assertThat(terms.labels()).containsExactly("capital expenditure", "2018", "3m");
    }

    @Test
    void aConceptIsCoveredUnderAnyOfItsNames() {
        QuestionTerms terms = QuestionTerms.of("What was capital expenditure in 2018?", ANALYZER);
        AnalyzedText row = terms("Purchases of property, plant and equipment (PP&E) (1,577) (1,373) (1,420)");

        assertThat(terms.sharesContent(row)).isTrue();
        assertThat(terms.sharesContent(terms("Proceeds from sale of businesses 262 49 58"))).isFalse();
    }

    @Test
    void aConceptsWordsApartAreNotItsName() {
        QuestionTerms terms = QuestionTerms.of("What was capital expenditure in 2018?", ANALYZER);

        assertThat(terms.sharesContent(terms("We may raise capital; any expenditure on litigation could hurt."))).isFalse();
        assertThat(terms.sharesContent(terms("Capital expenditures were $1.6 billion."))).isTrue();
    }

    @Test
    void aYearStatedOnlyInTheTableHeaderStillCounts() {
        QuestionTerms terms = QuestionTerms.of("What was capital expenditure in 2018?", ANALYZER);
        AnalyzedText row = terms("Purchases of property, plant and equipment (PP&E) (1,577) (1,373) (1,420)");

        assertThat(terms.coverage(row, row)).isCloseTo(0.5, within(1e-9));
        assertThat(terms.coverage(row, terms("(Millions) 2018 2017 2016\n" + row))).isCloseTo(1.0, within(1e-9));
    }

    @Test
    void aYearAloneIsNotContent() {
        QuestionTerms terms = QuestionTerms.of("What were inventories at the end of 2018?", ANALYZER);

        assertThat(terms.sharesContent(terms("The Board met eight times in 2018."))).isFalse();
        assertThat(terms.sharesContent(terms("Inventories 3,250 2,896"))).isTrue();
    }

    @Test
    void figuresMatchWithOrWithoutThousandsSeparators() {
        QuestionTerms terms = QuestionTerms.of("Which line item shows 1577?", ANALYZER);

        assertThat(terms.sharesContent(terms("Purchases of PP&E (1,577)"))).isTrue();
    }

    @Test
    void entityTermsAreLeftOut() {
        QuestionTerms terms = QuestionTerms.of("What is 3M's FY2018 revenue?", ANALYZER, Set.of("3m"));

        assertThat(terms.labels()).containsExactly("revenue", "2018");
    }

    @Test
    void theQuestionIsExpandedWithTheStatementCaptionOfTheConceptItNames() {
        assertThat(QuestionTerms.of("What was 3M's capital expenditure in 2018?", ANALYZER).expandedQuestion())
                .isEqualTo("What was 3M's capital expenditure in 2018? (purchases of property, plant and equipment; capex)");
        assertThat(QuestionTerms.of("Who chairs the audit committee?", ANALYZER).expandedQuestion())
                .isEqualTo("Who chairs the audit committee?");
    }
}
