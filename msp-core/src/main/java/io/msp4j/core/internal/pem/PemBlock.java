package io.msp4j.core.internal.pem;

import java.util.Map;

/**
 * One decoded PEM block and the bytes that followed it.
 *
 * @param type the label of the BEGIN line, such as {@code CERTIFICATE}
 * @param headers the {@code Key: Value} header lines, if any
 * @param bytes the decoded content
 * @param rest what follows the END line and its line terminator
 */
public record PemBlock(String type, Map<String, String> headers, byte[] bytes, byte[] rest) {}
