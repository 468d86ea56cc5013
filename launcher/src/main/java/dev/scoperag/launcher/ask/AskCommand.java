package dev.scoperag.launcher.ask;

import dev.scoperag.core.query.QueryEvent;
import dev.scoperag.launcher.cli.ClientOptions;
import dev.scoperag.launcher.cli.ClientSettings;
import dev.scoperag.launcher.cli.CommandFailure;
import dev.scoperag.launcher.kafka.KafkaClients;
import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code ./scoperag ask "question"}: sends one QueryEvent and prints its answer, readably or, with
 * {@code --json}, as the answer record itself.
 *
 * <p>Exit status: 0 answered or abstained, 1 rejected or error, 2 bad input, 3 no broker or topics,
 * 4 no answer within the timeout.
 */
@Command(name = "ask", description = "Sends a question to the query job and prints its answer with citations.")
public final class AskCommand implements Callable<Integer> {

    private static final List<String> SCOPES = List.of("auto", "routed", "corpus");
    /** Hints are lists: commas separate their items, with or without spaces around them. */
    private static final String LIST = "\\s*,\\s*";

    @Mixin private ClientOptions kafka = new ClientOptions();
    @Option(names = "--json", description = "print the answer record (JSON, as on the answers topic)") private boolean json;
    @Option(names = "--ticker", paramLabel = "T", split = LIST, splitSynopsisLabel = ",", description = "hint: the companies the question is about")
    private List<String> tickers = new ArrayList<>();
    @Option(names = "--fiscal-year", paramLabel = "Y", split = LIST, splitSynopsisLabel = ",", description = "hint: the fiscal years")
    private List<Integer> years = new ArrayList<>();
    @Option(names = "--form", paramLabel = "F", split = LIST, splitSynopsisLabel = ",", description = "hint: the forms (10-K, 10-Q, 8-K, EARNINGS)")
    private List<String> forms = new ArrayList<>();
    @Option(names = "--period", paramLabel = "P", split = LIST, splitSynopsisLabel = ",", description = "hint: the periods (2023Q2, or an 8-K's date 2023-05-05)")
    private List<String> periods = new ArrayList<>();
    @Option(names = "--llm", description = "answer with the configured LLM endpoint (extractive otherwise)") private boolean llm;
    @Option(names = "--top-k", paramLabel = "N", description = "passages in the answer's context (default 5)") private Integer topK;
    @Option(names = "--scope", paramLabel = "auto|routed|corpus", completionCandidates = Scopes.class,
            description = "where to search (default auto)") private String scope;
    @Option(names = "--timeout", paramLabel = "DURATION", description = "how long to wait for the answer (default 60s)")
    private Duration timeout = Duration.ofSeconds(60);
    @Parameters(paramLabel = "QUESTION", arity = "1..*", description = "the question, in quotes") private List<String> words = new ArrayList<>();

    /** The values --scope takes, for shell completion. */
    static final class Scopes implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return SCOPES.iterator();
        }
    }

    @Override
    public Integer call() {
        return run(System.out);
    }

    /** Runs the command line this command was filled from, printing to {@code out}. */
    public int run(PrintStream out) {
        String question = String.join(" ", words).strip();
        if (question.isEmpty()) {
            throw CommandFailure.usage("give the question, in quotes");
        }
        ClientSettings settings = ClientSettings.from(kafka);
        QueryEvent.Hints hints = new QueryEvent.Hints(nonEmpty(tickers), years, nonEmpty(forms), nonEmpty(periods));
        if (scope != null && !SCOPES.contains(scope)) {
            throw CommandFailure.usage("--scope takes auto, routed or corpus, not '" + scope + "'");
        }
        QueryEvent.Options options = new QueryEvent.Options(topK, scope, llm ? "llm" : null);

        String id = QueryClient.newQueryId();
        QueryClient.Answer answer;
        long start = System.nanoTime();
        Duration connect = timeout.compareTo(KafkaClients.CONNECT_TIMEOUT) < 0 ? timeout : KafkaClients.CONNECT_TIMEOUT;
        try (QueryClient client = new QueryClient(settings, connect)) {
            client.send(QueryClient.query(id, question, hints, options));
            answer = client.await(List.of(id), timeout).get(id);
        }
        long millis = (System.nanoTime() - start) / 1_000_000;
        if (json) {
            out.println(answer.json());
        } else {
            out.println("Q: " + question);
            out.print(AnswerText.format(answer.record(), ""));
            out.println("(" + millis + " ms from question to answer; query id " + id + ")");
        }
        String status = answer.record().path("status").asText();
        return status.equals("answered") || status.equals("abstained") ? 0 : 1;
    }

    private static List<String> nonEmpty(List<String> items) {
        return items.stream().map(String::strip).filter(s -> !s.isEmpty()).toList();
    }
}
