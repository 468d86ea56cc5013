package dev.scoperag.core.query;

import static org.assertj.core.api.Assertions.assertThat;

import dev.scoperag.core.route.Route;
import java.util.List;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

class QueryPlannerSearchesTest {

    private static final Route ABSTAINING = new Route(List.of(new Route.Issuer("TSLA", 1318605L, "Tesla, Inc.", false)), List.of(),
            new TreeSet<>(), List.of(), Route.DETERMINISTIC, 0.95, false, "ISSUER_NOT_IN_CORPUS: Tesla", "Tesla is not in the corpus");

    private static QueryEvent query(String scope) {
        return new QueryEvent("q", "What was Tesla's revenue?", null, null, new QueryEvent.Options(5, scope, "extractive"));
    }

    @Test
    void anAbstainingRouteSearchesNothingUnlessTheQueryAsksForTheWholeCorpus() {
        assertThat(QueryPlanner.searches(query("auto"), ABSTAINING)).isFalse();
        assertThat(QueryPlanner.searches(query("routed"), ABSTAINING)).isFalse();
        assertThat(QueryPlanner.searches(query("corpus"), ABSTAINING)).isTrue();
    }
}
