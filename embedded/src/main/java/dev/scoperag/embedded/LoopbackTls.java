package dev.scoperag.embedded;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Key stores for TLS on 127.0.0.1, made when a test needs them: a self-signed broker certificate for
 * IP 127.0.0.1, a self-signed client certificate (for mutual TLS), and one trust store holding both.
 * Generated with the running JDK's {@code keytool} under a random password, so nothing secret is ever
 * committed or fetched; the password is handed to keytool through its environment, not its arguments.
 *
 * @param brokerKeyStore the broker's key and certificate (PKCS12)
 * @param clientKeyStore the client's key and certificate (PKCS12)
 * @param trustStore both certificates, trusted (PKCS12)
 */
public record LoopbackTls(Path brokerKeyStore, Path clientKeyStore, Path trustStore, String password) {

    public static final String STORE_TYPE = "PKCS12";

    private static final String PASSWORD_ENV = "SCOPERAG_TEST_STORE_PASSWORD";
    private static final long KEYTOOL_TIMEOUT_SECONDS = 120;

    /** Generates the stores in {@code dir} (created if missing). */
    public static LoopbackTls generate(Path dir) {
        byte[] random = new byte[18];
        new SecureRandom().nextBytes(random);
        String password = HexFormat.of().formatHex(random);
        try {
            Files.createDirectories(dir);
            Path broker = dir.resolve("broker.p12");
            Path client = dir.resolve("client.p12");
            Path trust = dir.resolve("truststore.p12");
            // Two keytool JVMs at once: each spends most of its second or so starting up.
            Process brokerPair = keyPair(broker, "broker", "CN=127.0.0.1", "SAN=IP:127.0.0.1", password);
            Process clientPair = keyPair(client, "client", "CN=scoperag-test-client", null, password);
            await(brokerPair, "broker");
            await(clientPair, "client");
            KeyStore trusted = KeyStore.getInstance(STORE_TYPE);
            trusted.load(null, null);
            trusted.setCertificateEntry("broker", load(broker, password).getCertificate("broker"));
            trusted.setCertificateEntry("client", load(client, password).getCertificate("client"));
            try (OutputStream out = Files.newOutputStream(trust)) {
                trusted.store(out, password.toCharArray());
            }
            return new LoopbackTls(broker, client, trust, password);
        } catch (IOException | GeneralSecurityException e) {
            throw new EmbeddedKafkaException(EmbeddedKafkaException.Reason.STARTUP_FAILED, "cannot generate TLS key stores in " + dir, e);
        }
    }

    private static Process keyPair(Path store, String alias, String dname, String extension, String password) throws IOException {
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "keytool").toString(),
                "-genkeypair", "-alias", alias, "-keyalg", "EC", "-groupname", "secp256r1", "-sigalg", "SHA256withECDSA",
                "-dname", dname, "-validity", "2", "-keystore", store.toString(), "-storetype", STORE_TYPE,
                "-storepass:env", PASSWORD_ENV, "-keypass:env", PASSWORD_ENV));
        if (extension != null) {
            command.addAll(List.of("-ext", extension));
        }
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().put(PASSWORD_ENV, password);
        return builder.start();
    }

    private static void await(Process process, String alias) throws IOException {
        try {
            String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!process.waitFor(KEYTOOL_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new IOException("keytool did not finish within " + KEYTOOL_TIMEOUT_SECONDS + " s");
            }
            if (process.exitValue() != 0) {
                throw new IOException("keytool -genkeypair " + alias + " failed (" + process.exitValue() + "): " + output.strip());
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IOException("interrupted running keytool", e);
        }
    }

    private static KeyStore load(Path store, String password) throws IOException, GeneralSecurityException {
        KeyStore keyStore = KeyStore.getInstance(STORE_TYPE);
        try (InputStream in = Files.newInputStream(store)) {
            keyStore.load(in, password.toCharArray());
        }
        return keyStore;
    }

    @Override
    public String toString() {
        return "LoopbackTls[" + brokerKeyStore.getParent() + "]";
    }
}
