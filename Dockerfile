# The image both jobs run in, with docker compose and on Kubernetes: Flink, the two job jars,
# the issuer directory the query job routes with, and the compose configuration.
#
#   mvn -B -DskipTests package                      # builds ingest-job/ and query-job/target/*-cluster.jar
#   docker build -t scoperag-flink:0.1.0-SNAPSHOT .
#
# DeploymentFilesTest checks the Flink version against the build's and every path copied here.
ARG FLINK_IMAGE=flink:2.2.0-java17
FROM ${FLINK_IMAGE}
ARG VERSION=0.1.0-SNAPSHOT
COPY ingest-job/target/scoperag-ingest-job-${VERSION}-cluster.jar /opt/scoperag/jobs/scoperag-ingest-job.jar
COPY query-job/target/scoperag-query-job-${VERSION}-cluster.jar /opt/scoperag/jobs/scoperag-query-job.jar
COPY samples/issuers/ /opt/scoperag/issuers/
COPY deploy/scoperag-compose.yaml /opt/scoperag/conf/scoperag.yaml
COPY deploy/submit-jobs.sh /opt/scoperag/bin/submit-jobs.sh
