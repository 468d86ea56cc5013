package dev.scoperag.core.record;

/** The version of the pipeline that wrote a record: commits and answers carry it. */
public final class PipelineVersion {

    public static final String CURRENT = "0.1.0";

    private PipelineVersion() {}
}
