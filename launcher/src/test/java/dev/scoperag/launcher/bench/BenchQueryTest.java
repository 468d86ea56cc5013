package dev.scoperag.launcher.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.scoperag.launcher.cli.CommandFailure;
import dev.scoperag.launcher.eval.EvalQuestion;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class BenchQueryTest {

    static EvalQuestion about(String doc) {
        return new EvalQuestion("q-" + doc, "Co", doc, "test", "What?", "", null, List.of());
    }

    @Test
    void theMostAskedAboutDocumentsOfTheManifestComeFirstThenByName() {
        List<EvalQuestion> questions = List.of(about("B"), about("C"), about("C"), about("A"), about("MISSING"), about("MISSING"),
                about("MISSING"));

        assertThat(BenchQuery.documents(questions, Set.of("A", "B", "C"), 10)).containsExactly("C", "A", "B");
        assertThat(BenchQuery.documents(questions, Set.of("A", "B", "C"), 2)).containsExactly("C", "A");
    }

    @Test
    void theRateIsAPositiveNumberOfQuestionsPerSecond() {
        for (String rate : List.of("0", "-1", "1001", "NaN", "fast")) {
            assertThatThrownBy(() -> BenchQuery.Settings.parse(new String[] {"--rate", rate})).as(rate)
                    .isInstanceOfSatisfying(CommandFailure.class, e -> {
                        assertThat(e.reason()).isEqualTo(CommandFailure.Reason.USAGE);
                        assertThat(e.getMessage()).contains("--rate");
                    });
        }
    }

    @Test
    void fewerThanTwentyDocumentsIsAUsageError() {
        assertThatThrownBy(() -> BenchQuery.Settings.parse(new String[] {"--documents", "5"}))
                .isInstanceOfSatisfying(CommandFailure.class, e -> assertThat(e.reason()).isEqualTo(CommandFailure.Reason.USAGE));
    }
}
