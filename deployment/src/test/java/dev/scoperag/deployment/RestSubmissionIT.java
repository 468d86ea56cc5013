package dev.scoperag.deployment;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.flink.api.common.JobID;
import org.apache.flink.client.deployment.StandaloneClusterId;
import org.apache.flink.client.program.rest.RestClusterClient;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.RestOptions;
import org.apache.flink.configuration.WebOptions;
import org.apache.flink.runtime.clusterframework.ApplicationStatus;
import org.apache.flink.runtime.jobgraph.JobGraph;
import org.apache.flink.runtime.jobmaster.JobResult;
import org.apache.flink.runtime.minicluster.MiniCluster;
import org.apache.flink.runtime.minicluster.MiniClusterConfiguration;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.sink.v2.DiscardingSink;
import org.junit.jupiter.api.Test;

/**
 * docker compose turns {@code web.submit.enable} off; its {@code submit-jobs} service must still
 * submit. {@code flink run} submits through Flink's REST client, which posts the job graph to
 * {@code /jobs}: here that client submits a job to a cluster whose JobManager has the compose
 * setting, as {@code submit-jobs} does.
 */
class RestSubmissionIT {

    @Test
    void flinkRunsWayOfSubmittingWorksWithJarUploadThroughTheWebOff() throws Exception {
        String composeValue = DeploymentFiles.flatSettings(DeploymentFiles.yaml("docker-compose.yml")
                .at("/services/jobmanager/environment/FLINK_PROPERTIES").asText()).get(WebOptions.SUBMIT_ENABLE.key());
        Configuration config = new Configuration();
        config.setString(WebOptions.SUBMIT_ENABLE.key(), DeploymentFiles.interpolate(composeValue, Map.of()));
        config.set(RestOptions.BIND_ADDRESS, "127.0.0.1");
        config.set(RestOptions.ADDRESS, "127.0.0.1");
        config.set(RestOptions.BIND_PORT, "0");
        assertThat(config.get(WebOptions.SUBMIT_ENABLE)).isFalse();
        try (MiniCluster cluster = new MiniCluster(new MiniClusterConfiguration.Builder().setConfiguration(config)
                .setNumTaskManagers(1).setNumSlotsPerTaskManager(1).build())) {
            cluster.start();
            Configuration client = new Configuration();
            client.set(RestOptions.ADDRESS, "127.0.0.1");
            client.set(RestOptions.PORT, cluster.getRestAddress().get().getPort());
            StreamExecutionEnvironment env = new StreamExecutionEnvironment(new Configuration());
            env.fromSequence(1, 100).sinkTo(new DiscardingSink<>());
            JobGraph job = env.getStreamGraph().getJobGraph();
            try (RestClusterClient<StandaloneClusterId> rest = new RestClusterClient<>(client, StandaloneClusterId.getInstance())) {
                JobID id = rest.submitJob(job).get(1, TimeUnit.MINUTES);
                JobResult result = rest.requestJobResult(id).get(1, TimeUnit.MINUTES);
                assertThat(result.getApplicationStatus()).isEqualTo(ApplicationStatus.SUCCEEDED);
            }
        }
    }
}
