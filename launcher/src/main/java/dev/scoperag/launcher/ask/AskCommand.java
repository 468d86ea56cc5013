package dev.scoperag.launcher.ask;

import dev.scoperag.core.query.QueryEvent;
import dev.scoperag.launcher.cli.Arguments;
import dev.scoperag.launcher.cli.ClientSettings;
import dev.scoperag.launcher.cli.CommandFailure;
import dev.scoperag.launcher.cli.Durations;
import dev.scoperag.launcher.cli.Option;
import dev.scoperag.launcher.cli.Usage;
import dev.scoperag.launcher.kafka.KafkaClients;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * {@code ./scoperag ask "question"}: sends one QueryEvent and prints its answer, readably or, with
 * {@code --json}, as the answer record itself.
 *
 * <p>Exit status: 0 answered or abstained, 1 rejected or error, 2 bad input, 3 no broker or topics,
 * 4 no answer within the timeout.
 */
public final class AskCommand {

    static final Option JSON = Option.flag("--json", "print the answer record (JSON, as on the answers topic)");
    static final Option TICKERS = Option.value("--ticker", "T[,T...]", "hint: the companies the question is about");
    static final Option YEARS = Option.value("--fiscal-year", "Y[,Y...]", "hint: the fiscal years");
    static final Option FORMS = Option.value("--form", "F[,F...]", "hint: the forms (10-K, 10-Q, 8-K, EARNINGS)");
    static final Option PERIODS = Option.value("--period", "P[,P...]", "hint: the periods (2023Q2, or an 8-K's date 2023-05-05)");
    static final Option LLM = Option.flag("--llm", "answer with the configured LLM endpoint (extractive otherwise)");
    static final Option TOP_K = Option.value("--top-k", "N", "passages in the answer's context (default 5)");
    static final Option SCOPE = Option.value("--scope", "auto|routed|corpus", "where to search (default auto)");
    static final Option TIMEOUT = Option.value("--timeout", "DURATION", "how long to wait for the answer (default 60s)");

    private static final List<Option> OPTIONS = options();

    private AskCommand() {}

    private static List<Option> options() {
        List<Option> all = new ArrayList<>(ClientSettings.OPTIONS);
        all.addAll(List.of(JSON, TICKERS, YEARS, FORMS, PERIODS, LLM, TOP_K, SCOPE, TIMEOUT));
        return List.copyOf(all);
    }

    public static String usage() {
        return Usage.of("ask", List.of("[options] \"question\""), OPTIONS, null);
    }

    public static int run(String[] argv) {
        return run(argv, System.out);
    }

    public static int run(String[] argv, java.io.PrintStream out) {
        Arguments args = Arguments.parse(argv, OPTIONS);
        if (args.positionals().isEmpty()) {
            throw CommandFailure.usage("give the question, in quotes");
        }
        String question = String.join(" ", args.positionals()).strip();
        ClientSettings settings = ClientSettings.from(args);
        Duration timeout = args.value(TIMEOUT.name()).map(v -> Durations.parse(TIMEOUT.name(), v)).orElse(Duration.ofSeconds(60));
        QueryEvent.Hints hints = new QueryEvent.Hints(list(args, TICKERS), years(args), list(args, FORMS), list(args, PERIODS));
        String scope = args.value(SCOPE.name()).orElse(null);
        if (scope != null && !List.of("auto", "routed", "corpus").contains(scope)) {
            throw CommandFailure.usage("--scope takes auto, routed or corpus, not '" + scope + "'");
        }
        Integer topK = args.value(TOP_K.name()).map(v -> args.intValue(TOP_K.name(), 5)).orElse(null);
        QueryEvent.Options options = new QueryEvent.Options(topK, scope, args.flag(LLM.name()) ? "llm" : null);

        String id = QueryClient.newQueryId();
        QueryClient.Answer answer;
        long start = System.nanoTime();
        Duration connect = timeout.compareTo(KafkaClients.CONNECT_TIMEOUT) < 0 ? timeout : KafkaClients.CONNECT_TIMEOUT;
        try (QueryClient client = new QueryClient(settings, connect)) {
            client.send(QueryClient.query(id, question, hints, options));
            answer = client.await(List.of(id), timeout).get(id);
        }
        long millis = (System.nanoTime() - start) / 1_000_000;
        if (args.flag(JSON.name())) {
            out.println(answer.json());
        } else {
            out.println("Q: " + question);
            out.print(AnswerText.format(answer.record(), ""));
            out.println("(" + millis + " ms from question to answer; query id " + id + ")");
        }
        String status = answer.record().path("status").asText();
        return status.equals("answered") || status.equals("abstained") ? 0 : 1;
    }

    private static List<String> list(Arguments args, Option option) {
        return args.value(option.name()).map(v -> Arrays.stream(v.split(",")).map(String::strip).filter(s -> !s.isEmpty()).toList())
                .orElse(List.of());
    }

    private static List<Integer> years(Arguments args) {
        List<Integer> years = new ArrayList<>();
        for (String y : list(args, YEARS)) {
            try {
                years.add(Integer.parseInt(y));
            } catch (NumberFormatException e) {
                throw CommandFailure.usage("--fiscal-year takes years such as 2023 or 2022,2023, not '" + y + "'");
            }
        }
        return years;
    }
}
