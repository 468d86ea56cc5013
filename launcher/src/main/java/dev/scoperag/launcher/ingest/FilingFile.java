package dev.scoperag.launcher.ingest;

import dev.scoperag.core.filing.FilingEvent;
import java.nio.file.Path;

/**
 * A filing to send: its event (metadata, content as a file URI) and the file on this machine.
 *
 * @param root the directory the file was found under: the file root a job must allow to read it by URI
 */
record FilingFile(FilingEvent event, Path file, Path root) {

    String label() {
        return event.eventId() != null ? event.eventId() : file.getFileName().toString();
    }
}
