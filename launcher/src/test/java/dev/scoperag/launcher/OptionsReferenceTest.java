package dev.scoperag.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class OptionsReferenceTest {

    @Test
    void theReadmeOptionsAreTheOnesGeneratedFromTheConfigOptions() throws Exception {
        String readme = Files.readString(Path.of("..", "README.md"));
        int begin = readme.indexOf(OptionsReference.BEGIN);
        int end = readme.indexOf(OptionsReference.END);
        assertThat(begin).as("README has the generated options block").isNotNegative();
        String block = readme.substring(begin + OptionsReference.BEGIN.length(), end).strip();
        assertThat(block).as("run ./scoperag options and paste its output into the README").isEqualTo(OptionsReference.markdown().strip());
    }

    @Test
    void everyKeyIsListedOnceWithOneDefault() {
        // A key both jobs read is declared once (SharedOptions); a job declaring it again could give it a second default.
        assertThat(OptionsReference.markdown().lines().filter(l -> l.startsWith("| `")).map(l -> l.substring(3, l.indexOf('`', 3))))
                .doesNotHaveDuplicates();
    }

    @Test
    void everyOptionHasADescription() {
        assertThat(OptionsReference.markdown().lines().filter(l -> l.startsWith("| `")))
                .allSatisfy(line -> assertThat(line).doesNotEndWith("|  |"));
    }
}
