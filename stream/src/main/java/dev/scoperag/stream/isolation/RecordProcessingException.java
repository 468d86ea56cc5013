package dev.scoperag.stream.isolation;

import dev.scoperag.core.failure.Faults;

/**
 * An infrastructure fault met while a function processed one record: it fails the job, and its
 * message names the stage and the record's key, so an operator can tell which record was in flight.
 */
public final class RecordProcessingException extends RuntimeException implements Faults.Infrastructure {

    private static final long serialVersionUID = 1L;

    public RecordProcessingException(String stage, String recordKey, Throwable cause) {
        super("infrastructure fault in stage '" + stage + "', record key '" + recordKey + "': " + cause, cause);
    }
}
