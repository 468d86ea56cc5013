#!/usr/bin/env bash
# Submits both ScopeRAG jobs to the compose session cluster, each once: a job already running
# (a restarted submitter, a second `docker compose up`) is left alone. With LLM_BASE_URL set
# (the llm profile), the query job answers through that OpenAI-compatible endpoint, with LLM_MODEL.
set -euo pipefail
jobmanager="${JOBMANAGER:-jobmanager:8081}"
config=/opt/scoperag/conf/scoperag.yaml

until flink list -m "$jobmanager" >/dev/null 2>&1; do
  echo "waiting for the JobManager at $jobmanager"; sleep 2
done

submit() {
  local name="$1" jar="$2"; shift 2
  if flink list -r -m "$jobmanager" 2>/dev/null | grep -q ": $name ("; then
    echo "$name is already running"
  else
    flink run -d -m "$jobmanager" "$jar" --config "$config" "$@"
  fi
}

submit scoperag-ingest /opt/scoperag/jobs/scoperag-ingest-job.jar
llm=()
if [ -n "${LLM_BASE_URL:-}" ]; then
  llm+=(-Dscoperag.llm.base-url="$LLM_BASE_URL")
fi
if [ -n "${LLM_MODEL:-}" ]; then
  llm+=(-Dscoperag.llm.model="$LLM_MODEL")
fi
submit scoperag-query /opt/scoperag/jobs/scoperag-query-job.jar "${llm[@]}"
