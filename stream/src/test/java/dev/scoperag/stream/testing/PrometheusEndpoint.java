package dev.scoperag.stream.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.flink.configuration.Configuration;

/**
 * Flink's Prometheus reporter as the deployments configure it ({@code metrics.reporter.prom.*}), on a
 * MiniCluster: the reporter listens on a free port, and a test scrapes it on 127.0.0.1 and reads the
 * operator metrics the jobs register, by name and labels.
 */
public final class PrometheusEndpoint {

    private static final Pattern SAMPLE = Pattern.compile("(?m)^(\\w+)(?:\\{([^}]*)\\})? (\\S+)$");
    private static final Pattern LABEL = Pattern.compile("(\\w+)=\"((?:[^\"\\\\]|\\\\.)*)\"");

    private final int port;

    public PrometheusEndpoint() {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The MiniCluster configuration that starts the reporter on this endpoint's port. */
    public Configuration reporterConfiguration() {
        Configuration config = new Configuration();
        config.setString("metrics.reporter.prom.factory.class", "org.apache.flink.metrics.prometheus.PrometheusReporterFactory");
        config.setString("metrics.reporter.prom.port", Integer.toString(port));
        return config;
    }

    /** Everything the reporter exposes now, in Prometheus' text format. */
    public String scrape() {
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
        try {
            HttpResponse<String> response = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/metrics"))
                    .timeout(Duration.ofSeconds(30)).build(), HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() != 200) {
                throw new IllegalStateException("the Prometheus reporter answered " + response.statusCode());
            }
            return response.body();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /**
     * The sum over every sample of an operator metric (its Prometheus name is the operator scope, the
     * keys of its labels, and {@code <metric>})
     * whose labels include {@code labels}: every subtask's value, for example.
     */
    public static double operatorMetric(String scrape, String metric, Map<String, String> labels) {
        double sum = 0;
        Matcher m = SAMPLE.matcher(scrape);
        while (m.find()) {
            // Key-value groups are labels, and their keys also part of the name: ..._operator_reason_stage_filingsRejected.
            if (!m.group(1).startsWith("flink_taskmanager_job_task_operator_") || !m.group(1).endsWith("_" + metric)) {
                continue;
            }
            Map<String, String> found = new HashMap<>();
            if (m.group(2) != null) {
                Matcher l = LABEL.matcher(m.group(2));
                while (l.find()) {
                    found.put(l.group(1), l.group(2));
                }
            }
            if (found.entrySet().containsAll(labels.entrySet())) {
                sum += Double.parseDouble(m.group(3));
            }
        }
        return sum;
    }
}
