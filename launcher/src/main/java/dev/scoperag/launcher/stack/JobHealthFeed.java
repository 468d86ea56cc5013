package dev.scoperag.launcher.stack;

import com.fasterxml.jackson.databind.JsonNode;
import dev.scoperag.core.json.Json;
import dev.scoperag.launcher.cli.Durations;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * How the stack's jobs fare, one line per change: a job restarting after a failure (the exception,
 * and the key of the record being processed when the failure names one), a job back to RUNNING (how
 * long it was down, its restarts so far), a job that failed for good. Read from the Flink REST API of
 * the embedded cluster (job status, exception history, the {@code numRestarts} metric), as a user
 * would read it, so nobody has to.
 */
final class JobHealthFeed {

    private static final Duration POLL_INTERVAL = Duration.ofSeconds(1);
    private static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(5);
    /** Flink's job metric counting the job's restarts since it was submitted. */
    private static final String RESTARTS_METRIC = "numRestarts";
    private static final int FAILURE_GRACE_POLLS = 3;

    private final URI rest;
    private final List<WatchedJob> jobs;
    private final PrintStream out;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(REQUEST_TIMEOUT).build();

    /** A job and what the feed has seen of it; read and changed under the feed's lock only. */
    private static final class WatchedJob {
        final EmbeddedStack.RunningJob job;
        long lastFailureSeen = Long.MIN_VALUE;
        /** When the failure that took the job down happened; null while it runs. */
        Long downSince;
        long restarts;
        String state = "";
        /** Polls that saw the job FAILED before its failure reached the exception history. */
        int failedWithoutFailure;
        boolean failureReported;
        boolean ended;

        WatchedJob(EmbeddedStack.RunningJob job) {
            this.job = job;
        }
    }

    JobHealthFeed(URI rest, List<EmbeddedStack.RunningJob> jobs, PrintStream out) {
        this.rest = rest;
        this.jobs = jobs.stream().map(WatchedJob::new).toList();
        this.out = out;
    }

    /** Watches the stack's jobs on a daemon thread; empty when the stack runs no jobs. */
    static Optional<JobHealthFeed> start(EmbeddedStack stack, PrintStream out) {
        List<EmbeddedStack.RunningJob> running = new ArrayList<>();
        stack.ingestJob().ifPresent(running::add);
        stack.queryJob().ifPresent(running::add);
        Optional<URI> rest = stack.restAddress();
        if (running.isEmpty() || rest.isEmpty()) {
            return Optional.empty();
        }
        JobHealthFeed feed = new JobHealthFeed(rest.get(), running, out);
        Thread thread = new Thread(() -> {
            while (true) {
                feed.poll();
                try {
                    Thread.sleep(POLL_INTERVAL.toMillis());
                } catch (InterruptedException e) {
                    return;
                }
            }
        }, "job-health-feed");
        thread.setDaemon(true);
        thread.start();
        return Optional.of(feed);
    }

    /** Reads every job's state once and prints what changed since the last time. */
    synchronized void poll() {
        for (WatchedJob watched : jobs) {
            if (watched.ended) {
                continue;
            }
            try {
                poll(watched);
            } catch (IOException e) {
                // The REST API did not answer this time (the cluster stopping, a slow moment): the next poll asks again.
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    private void poll(WatchedJob watched) throws IOException, InterruptedException {
        String id = watched.job.id().toString();
        // The history before the state: a state read after it is at least as new, so a job's last failure is
        // never taken for a restart because the state read was older (the REST API caches both, refreshed apart).
        JsonNode exceptions = get("/jobs/" + id + "/exceptions?maxExceptions=20");
        JsonNode details = get("/jobs/" + id);
        String state = details.path("state").asText();
        watched.state = state;
        restartCount(id).ifPresent(n -> watched.restarts = n);
        List<JobFailure> failures = newFailures(watched, exceptions);
        boolean failing = state.equals("FAILING") || state.equals("FAILED");
        for (int i = 0; i < failures.size(); i++) {
            JobFailure failure = failures.get(i);
            if (failing && i == failures.size() - 1) {
                print("failed", watched.job.name() + ": FAILED after " + plural(watched.restarts) + ", no more allowed - "
                        + describe(failure));
                watched.failureReported = true;
            } else {
                print("restarting", watched.job.name() + ": " + describe(failure));
                watched.downSince = watched.downSince == null ? failure.timestamp() : watched.downSince;
            }
        }
        // The exception history may be written a moment after the state changes (failures are labelled first).
        if (state.equals("FAILED") && !watched.failureReported && ++watched.failedWithoutFailure >= FAILURE_GRACE_POLLS) {
            print("failed", watched.job.name() + ": FAILED after " + plural(watched.restarts) + ", no more allowed");
            watched.failureReported = true;
        }
        // Cancelled (by someone, through the REST API) or finished: nothing to say, the stack's own last line says it.
        watched.ended = (state.equals("FAILED") && watched.failureReported) || state.equals("CANCELED") || state.equals("FINISHED");
        if (watched.downSince != null && state.equals("RUNNING") && runningSince(details, watched.downSince)) {
            long down = System.currentTimeMillis() - watched.downSince;
            print("recovered", watched.job.name() + ": RUNNING again after " + Durations.human(Duration.ofMillis(down)) + " down; "
                    + plural(watched.restarts) + " so far (" + RESTARTS_METRIC + ")");
            watched.downSince = null;
        }
    }

    /** Failures recorded since the last poll, oldest first. */
    private static List<JobFailure> newFailures(WatchedJob watched, JsonNode exceptions) {
        List<JobFailure> failures = new ArrayList<>();
        for (JsonNode entry : exceptions.at("/exceptionHistory/entries")) {
            long timestamp = entry.path("timestamp").asLong();
            if (timestamp > watched.lastFailureSeen) {
                failures.add(JobFailure.of(timestamp, entry.path("stacktrace").asText(entry.path("exceptionName").asText())));
            }
        }
        failures.sort(Comparator.comparingLong(JobFailure::timestamp));
        if (!failures.isEmpty()) {
            watched.lastFailureSeen = failures.get(failures.size() - 1).timestamp();
        }
        return failures;
    }

    /**
     * True when every task runs again and some task was (re)started after the failure: a region
     * restart leaves the job RUNNING throughout, so the job's state alone cannot say it recovered.
     */
    private static boolean runningSince(JsonNode details, long failedAt) {
        boolean restarted = false;
        for (JsonNode vertex : details.path("vertices")) {
            String status = vertex.path("status").asText();
            if (!status.equals("RUNNING") && !status.equals("FINISHED")) {
                return false;
            }
            restarted |= vertex.path("start-time").asLong() >= failedAt;
        }
        return restarted;
    }

    /** The job's restarts so far; empty once the job has ended (its metrics go with it) or when not reported yet. */
    private Optional<Long> restartCount(String jobId) throws InterruptedException {
        try {
            // The job manager's metric store, refreshed at most every metrics.fetcher.update-interval.
            for (JsonNode metric : get("/jobs/" + jobId + "/metrics?get=" + RESTARTS_METRIC)) {
                if (metric.path("id").asText().equals(RESTARTS_METRIC)) {
                    return Optional.of(metric.path("value").asLong());
                }
            }
        } catch (IOException e) {
            // Not available now: the last value read stands.
        }
        return Optional.empty();
    }

    private static String plural(long n) {
        return n + (n == 1 ? " restart" : " restarts");
    }

    private static String describe(JobFailure failure) {
        return failure.describe() + failure.recordKey().map(k -> " [record key '" + k + "']").orElse("");
    }

    private JsonNode get(String path) throws IOException, InterruptedException {
        HttpResponse<byte[]> response = http.send(HttpRequest.newBuilder(rest.resolve(path)).timeout(REQUEST_TIMEOUT).GET().build(),
                HttpResponse.BodyHandlers.ofByteArray());
        if (response.statusCode() != 200) {
            throw new IOException(path + ": HTTP " + response.statusCode());
        }
        return Json.tree(response.body());
    }

    private void print(String verb, String text) {
        out.println(ActivityFeed.line(String.format(Locale.ROOT, "%-10s %s", verb, text)));
    }

    /**
     * Polls until {@code job}'s end has been seen (its failure line printed, if it failed), or
     * {@code patience} passes: for the last word before the stack stops. The REST API serves a job's
     * state from a cache (web.refresh-interval), so its end shows a moment later.
     *
     * @return whether the feed saw the job end
     */
    boolean settle(EmbeddedStack.RunningJob job, Duration patience) throws InterruptedException {
        long deadline = System.nanoTime() + patience.toNanos();
        do {
            poll();
            synchronized (this) {
                if (jobs.stream().anyMatch(j -> j.job.equals(job) && j.ended)) {
                    return true;
                }
            }
            Thread.sleep(200);
        } while (System.nanoTime() < deadline);
        return false;
    }
}
