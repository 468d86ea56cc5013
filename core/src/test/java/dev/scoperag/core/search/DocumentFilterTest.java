package dev.scoperag.core.search;

import static dev.scoperag.core.search.TestChunks.axis;
import static dev.scoperag.core.search.TestChunks.chunk;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.Set;
import org.junit.jupiter.api.Test;

class DocumentFilterTest {

    private static final IndexedChunk ANNUAL = chunk("k", "AMD:2022", "10-K", null, "text", axis(0));
    private static final IndexedChunk AMENDMENT = chunk("a", "AMD:2022", "10-K/A", null, "text", axis(0));
    private static final IndexedChunk QUARTER = chunk("q", "AMD:2022", "10-Q", "2022Q2", "text", axis(0));

    @Test
    void unrestrictedFilterAdmitsEverything() {
        assertThat(DocumentFilter.none().isUnrestricted()).isTrue();
        assertThat(new DocumentFilter(null, Set.of(), Set.of(" ")).isUnrestricted()).isTrue();
        assertThat(DocumentFilter.none().allows(QUARTER)).isTrue();
    }

    @Test
    void baseFormAdmitsItsAmendmentButNotTheOtherWayRound() {
        assertThat(DocumentFilter.forms("10-K").allows(ANNUAL)).isTrue();
        assertThat(DocumentFilter.forms("10-K").allows(AMENDMENT)).isTrue();
        assertThat(DocumentFilter.forms("10-K/A").allows(ANNUAL)).isFalse();
        assertThat(DocumentFilter.forms("10-K/A").allows(AMENDMENT)).isTrue();
        assertThat(DocumentFilter.forms("10-K").allows(QUARTER)).isFalse();
    }

    @Test
    void valuesCompareTrimmedAndCaseInsensitively() {
        assertThat(DocumentFilter.forms(" 10-q ").allows(QUARTER)).isTrue();
        assertThat(DocumentFilter.periods("2022q2").allows(QUARTER)).isTrue();
        assertThat(DocumentFilter.shards("amd:2022").allows(QUARTER)).isTrue();
    }

    @Test
    void periodRestrictionExcludesDocumentsWithoutAPeriod() {
        assertThat(DocumentFilter.periods("2022Q2").allows(ANNUAL)).isFalse();
        assertThat(DocumentFilter.periods("2022Q3").allows(QUARTER)).isFalse();
    }

    @Test
    void everyRestrictionMustHold() {
        DocumentFilter filter = new DocumentFilter(Set.of("AMD:2022"), Set.of("10-Q"), Set.of("2022Q2"));
        assertThat(filter.allows(QUARTER)).isTrue();
        assertThat(filter.allows(chunk("n", "NVDA:2022", "10-Q", "2022Q2", "text", axis(0)))).isFalse();
    }
}
