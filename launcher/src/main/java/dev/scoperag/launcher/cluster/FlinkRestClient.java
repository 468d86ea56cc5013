package dev.scoperag.launcher.cluster;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.scoperag.core.json.Json;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/**
 * A Flink cluster's REST API as a user drives it: jar upload and run, job status, the TaskManagers a
 * job runs on, its restarts, stop with a savepoint and the checkpoint a job was restored from.
 */
public final class FlinkRestClient {

    private static final Duration POLL = Duration.ofMillis(500);

    private final URI base;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

    public FlinkRestClient(URI base) {
        this.base = base;
    }

    public JsonNode get(String path) throws IOException, InterruptedException {
        return send(HttpRequest.newBuilder(base.resolve(path)).GET());
    }

    private JsonNode post(String path, Object body) throws IOException, InterruptedException {
        return send(HttpRequest.newBuilder(base.resolve(path)).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(Json.toString(body))));
    }

    private JsonNode send(HttpRequest.Builder request) throws IOException, InterruptedException {
        HttpResponse<String> response = http.send(request.timeout(Duration.ofMinutes(2)).build(),
                HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
        if (response.statusCode() / 100 != 2) {
            throw new IOException(response.request().method() + " " + response.request().uri() + ": HTTP " + response.statusCode()
                    + " " + response.body());
        }
        return Json.MAPPER.readTree(response.body());
    }

    /** Uploads a job jar ({@code POST /jars/upload}) and returns its id on the cluster. */
    public String uploadJar(Path jar) throws IOException, InterruptedException {
        String boundary = "scoperag-" + UUID.randomUUID();
        String head = "--" + boundary + "\r\nContent-Disposition: form-data; name=\"jarfile\"; filename=\"" + jar.getFileName()
                + "\"\r\nContent-Type: application/x-java-archive\r\n\r\n";
        HttpRequest.BodyPublisher body = HttpRequest.BodyPublishers.concat(
                HttpRequest.BodyPublishers.ofString(head), HttpRequest.BodyPublishers.ofFile(jar),
                HttpRequest.BodyPublishers.ofString("\r\n--" + boundary + "--\r\n"));
        JsonNode response = send(HttpRequest.newBuilder(base.resolve("/jars/upload"))
                .header("Content-Type", "multipart/form-data; boundary=" + boundary).POST(body));
        String file = response.path("filename").asText();
        return file.substring(file.lastIndexOf('/') + 1);
    }

    /**
     * Runs an uploaded jar's main class on the JobManager ({@code POST /jars/:id/run}), which submits the job.
     *
     * @param savepoint the savepoint to start from, or null to start without state
     * @return the job id
     */
    public String runJar(String jarId, List<String> programArgs, int parallelism, String savepoint)
            throws IOException, InterruptedException {
        ObjectNode body = Json.MAPPER.createObjectNode();
        body.putPOJO("programArgsList", programArgs);
        body.put("parallelism", parallelism);
        if (savepoint != null) {
            body.put("savepointPath", savepoint);
            body.put("allowNonRestoredState", false);
        }
        return post("/jars/" + jarId + "/run", body).path("jobid").asText();
    }

    /** {@code GET /jobs/overview}: every job's id, name and state. */
    public JsonNode jobsOverview() throws IOException, InterruptedException {
        return get("/jobs/overview");
    }

    /** Waits until {@code count} TaskManagers have registered with the JobManager. */
    public void awaitTaskManagers(int count, Duration patience) throws InterruptedException {
        long deadline = System.nanoTime() + patience.toNanos();
        String last = "no answer";
        while (System.nanoTime() < deadline) {
            try {
                JsonNode overview = get("/overview");
                if (overview.path("taskmanagers").asInt() >= count) {
                    return;
                }
                last = overview.toString();
            } catch (IOException e) {
                last = e.toString();
            }
            Thread.sleep(POLL.toMillis());
        }
        throw new IllegalStateException(count + " TaskManagers did not register in " + patience + " (" + last + ")");
    }

    /** Waits until the job and every one of its tasks are RUNNING. */
    public void awaitRunning(String jobId, Duration patience) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + patience.toNanos();
        JsonNode job = null;
        while (System.nanoTime() < deadline) {
            job = get("/jobs/" + jobId);
            boolean running = job.path("state").asText().equals("RUNNING");
            for (JsonNode vertex : job.path("vertices")) {
                running &= vertex.path("tasks").path("RUNNING").asInt() == vertex.path("parallelism").asInt();
            }
            if (running) {
                return;
            }
            if (job.path("state").asText().matches("FAILED|CANCELED|FINISHED")) {
                break;
            }
            Thread.sleep(POLL.toMillis());
        }
        throw new IllegalStateException("job " + jobId + " is not running in every task: " + job);
    }

    /** The ids of the TaskManagers that run a task of the job now. */
    public Set<String> taskManagersOf(String jobId) throws IOException, InterruptedException {
        Set<String> ids = new LinkedHashSet<>();
        for (JsonNode vertex : get("/jobs/" + jobId).path("vertices")) {
            for (JsonNode tm : get("/jobs/" + jobId + "/vertices/" + vertex.path("id").asText() + "/taskmanagers").path("taskmanagers")) {
                ids.add(tm.path("taskmanager-id").asText());
            }
        }
        return ids;
    }

    /** The job's {@code numRestarts} metric: restarts since it was submitted. */
    public long restarts(String jobId) throws IOException, InterruptedException {
        for (JsonNode metric : get("/jobs/" + jobId + "/metrics?get=numRestarts")) {
            return metric.path("value").asLong();
        }
        return 0;
    }

    /** Stops the job with a canonical savepoint in {@code directory} and returns the savepoint's path. */
    public String stopWithSavepoint(String jobId, String directory, Duration patience) throws IOException, InterruptedException {
        ObjectNode body = Json.MAPPER.createObjectNode();
        body.put("targetDirectory", directory);
        body.put("drain", false);
        body.put("formatType", "CANONICAL");
        String request = post("/jobs/" + jobId + "/stop", body).path("request-id").asText();
        long deadline = System.nanoTime() + patience.toNanos();
        while (System.nanoTime() < deadline) {
            JsonNode status = get("/jobs/" + jobId + "/savepoints/" + request);
            if (status.path("status").path("id").asText().equals("COMPLETED")) {
                JsonNode operation = status.path("operation");
                if (operation.has("failure-cause")) {
                    throw new IllegalStateException("stop with savepoint of " + jobId + " failed: " + operation.path("failure-cause"));
                }
                return operation.path("location").asText();
            }
            Thread.sleep(POLL.toMillis());
        }
        throw new IllegalStateException("stop with savepoint of " + jobId + " did not complete in " + patience);
    }

    /** The savepoint or checkpoint the job was restored from, if it was. */
    public Optional<String> restoredFrom(String jobId) throws IOException, InterruptedException {
        JsonNode restored = get("/jobs/" + jobId + "/checkpoints").path("latest").path("restored");
        return restored.isMissingNode() || restored.isNull() ? Optional.empty() : Optional.of(restored.path("external_path").asText());
    }
}
