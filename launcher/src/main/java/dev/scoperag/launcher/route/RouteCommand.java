package dev.scoperag.launcher.route;

import dev.scoperag.core.engine.QueryRouting;
import dev.scoperag.core.json.Json;
import dev.scoperag.core.llm.CatalogExcerpt;
import dev.scoperag.core.llm.LlmClient;
import dev.scoperag.core.llm.LlmRouter;
import dev.scoperag.core.llm.LlmSettings;
import dev.scoperag.core.route.Catalog;
import dev.scoperag.core.route.CatalogSource;
import dev.scoperag.core.route.Route;
import dev.scoperag.core.route.RouteHints;
import dev.scoperag.launcher.cli.BundledFiles;
import dev.scoperag.launcher.cli.ClientOptions;
import dev.scoperag.launcher.cli.ClientSettings;
import dev.scoperag.launcher.cli.CommandFailure;
import dev.scoperag.launcher.cli.CommandLines;
import dev.scoperag.launcher.kafka.CommittedDocuments;
import dev.scoperag.launcher.kafka.KafkaClients;
import dev.scoperag.query.QueryJob;
import dev.scoperag.query.QueryOptions;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code ./scoperag route}: the routing decision alone, no retrieval, one JSON line per question.
 * The corpus (which shards exist) is read from the {@code DocumentCommitted} records on
 * {@code chunks}; issuers outside it come from SEC's issuer directory, so a question naming a
 * known company is resolved even with an empty corpus. With an LLM endpoint configured as for the
 * query job ({@code scoperag.llm.base-url}, or {@code OPENAI_BASE_URL}), the questions the
 * deterministic router cannot place are routed by the LLM router, as the job routes them.
 */
@Command(name = "route", description = "The routing decision alone, no retrieval: one JSON line per question.",
        footer = "%nPrints one JSON object per question: {\"question\", \"issuers\": [{\"ticker\", \"cik\", \"name\", \"in_corpus\"}], "
                + "\"shards\": [{\"ticker\", \"fiscal_year\"}], \"method\", \"confidence\", \"fallback\", ...}. Without --bootstrap-servers "
                + "or a config file, the corpus is read from localhost:9092 when a broker listens there.")
public final class RouteCommand implements Callable<Integer> {

    @Mixin private ClientOptions kafka = new ClientOptions();
    @Option(names = "--questions", paramLabel = "FILE",
            description = "JSON lines with a question or text field, or plain text, one question per line (- for stdin)") private String questionsFile;
    @Option(names = "--issuers", paramLabel = "FILE",
            description = "SEC company_tickers.json (default: scoperag.route.issuer-directory, else samples/issuers)") private String issuers;
    @Option(names = "--ticker-changes", paramLabel = "FILE", description = "CSV old,new,effective_date,note of renamed tickers")
    private String tickerChanges;
    @Option(names = "--product-aliases", paramLabel = "FILE",
            description = "CSV alias,ticker,note of your own products, brands, segments and subsidiaries (default: scoperag.route.product-aliases)")
    private String productAliases;
    @Option(names = "--no-corpus", description = "do not read the corpus from Kafka: route against issuers only") private boolean noCorpus;
    @Parameters(paramLabel = "QUESTION", description = "a question, in quotes") private List<String> questionTexts = new ArrayList<>();

    @Override
    public Integer call() {
        return run(System.out, System.err);
    }

    public static int run(String[] argv, PrintStream out, PrintStream err) {
        return CommandLines.parse(new RouteCommand(), argv).run(out, err);
    }

    private int run(PrintStream out, PrintStream err) {
        List<QuestionFile.Question> questions = new ArrayList<>();
        questionTexts.forEach(q -> questions.add(new QuestionFile.Question(null, q)));
        if (questionsFile != null) {
            questions.addAll(QuestionFile.read(questionsFile));
        }
        if (questions.isEmpty()) {
            throw CommandFailure.usage("give a question, in quotes, or --questions FILE");
        }
        ClientSettings settings = ClientSettings.from(kafka);
        Catalog catalog = catalogSource(settings).emptyCatalog();
        if (!noCorpus) {
            corpus(settings, err).addTo(catalog);
        }
        LlmSettings llm = QueryJob.llmSettings(settings.configuration());
        if (llm == null) {
            printRoutes(questions, catalog, null, out);
            return 0;
        }
        try (LlmClient client = LlmClient.fromEnvironment(llm)) {
            printRoutes(questions, catalog, new LlmRouter(client), out);
        }
        return 0;
    }

    /** One decision line per question, in order, by the deterministic router alone. */
    static void printRoutes(List<QuestionFile.Question> questions, Catalog catalog, PrintStream out) {
        printRoutes(questions, catalog, null, out);
    }

    /**
     * One decision line per question, in order: the router is total, so any question gets its line. As in the query
     * job, a question the deterministic router leaves empty or ambiguous goes to {@code llm} when there is one, and
     * takes its route when it resolves shards.
     */
    static void printRoutes(List<QuestionFile.Question> questions, Catalog catalog, LlmRouter llm, PrintStream out) {
        QueryRouting routing = QueryRouting.routesOnly();
        CatalogExcerpt excerpt = llm == null ? null : CatalogExcerpt.of(catalog);
        for (QuestionFile.Question q : questions) {
            Route route = routing.route(q.text(), RouteHints.NONE, catalog);
            if (llm != null && QueryRouting.asksLlm(route)) {
                route = QueryRouting.settle(route, llm.route(q.text(), excerpt).join());
            }
            out.println(Json.toString(RouteDecision.toJson(q, route)));
        }
    }

    private CatalogSource catalogSource(ClientSettings settings) {
        String issuers = Optional.ofNullable(this.issuers)
                .or(() -> settings.configuration().getOptional(QueryOptions.ISSUER_DIRECTORY))
                .or(() -> BundledFiles.issuerDirectory().map(Path::toString))
                .orElse(null);
        String changes = Optional.ofNullable(tickerChanges)
                .or(() -> settings.configuration().getOptional(QueryOptions.TICKER_CHANGES))
                .or(() -> BundledFiles.tickerChanges().map(Path::toString))
                .orElse(null);
        String products = Optional.ofNullable(productAliases)
                .or(() -> settings.configuration().getOptional(QueryOptions.PRODUCT_ALIASES))
                .orElse(null);
        requireFile(issuers, "--issuers");
        requireFile(changes, "--ticker-changes");
        requireFile(products, "--product-aliases");
        try {
            CatalogSource source = new CatalogSource(issuers, changes, products);
            source.emptyCatalog();
            return source;
        } catch (UncheckedIOException | IllegalArgumentException e) {
            throw new CommandFailure(CommandFailure.Reason.UNSUPPORTED_INPUT, "cannot read " + issuers
                    + " as SEC company_tickers.json (or " + changes + " as ticker changes, or " + products + " as products): "
                    + e.getMessage(), e);
        }
    }

    private static void requireFile(String path, String option) {
        if (path != null && !Files.isRegularFile(Path.of(path))) {
            throw new CommandFailure(CommandFailure.Reason.PATH_NOT_FOUND, "no file " + path + " (" + option + ")");
        }
    }

    /**
     * The corpus from {@code chunks}: from the broker the user named (it must answer), or from the
     * default one if something listens there; else none, said on stderr.
     */
    private static CommittedDocuments corpus(ClientSettings settings, PrintStream notes) {
        KafkaClients clients = KafkaClients.of(settings);
        if (!settings.bootstrapGiven() && !listening(settings.bootstrapServers())) {
            notes.println("route: no broker at " + settings.bootstrapServers() + ", so no corpus: issuers are resolved, no shard is present");
            return CommittedDocuments.empty();
        }
        if (!clients.topicNames().contains(settings.chunksTopic())) {
            notes.println("route: no " + settings.chunksTopic() + " topic at " + settings.bootstrapServers() + ": the corpus is empty");
            return CommittedDocuments.empty();
        }
        return CommittedDocuments.read(clients, settings.chunksTopic());
    }

    private static boolean listening(String bootstrapServers) {
        for (String server : bootstrapServers.split(",")) {
            Optional<InetSocketAddress> address = address(server.strip());
            if (address.isEmpty()) {
                continue;
            }
            try (Socket socket = new Socket()) {
                socket.connect(address.get(), 1000);
                return true;
            } catch (IOException e) {
                // Try the next one.
            }
        }
        return false;
    }

    private static Optional<InetSocketAddress> address(String server) {
        int colon = server.lastIndexOf(':');
        if (colon <= 0) {
            return Optional.empty();
        }
        try {
            return Optional.of(new InetSocketAddress(server.substring(0, colon), Integer.parseInt(server.substring(colon + 1))));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }
}
