package io.msp4j.config.fuzz;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/**
 * A tiny archive format that turns fuzzer bytes into an mspconfig folder. Records follow each
 * other until the bytes run out: one byte for the place (its low nibble picks the sub-folder
 * below, or the folder itself; bit 0x80 makes the entry a symbolic link to a file outside the
 * folder; bit 0x40 a sub-folder instead of a file), one byte for the name's length, the name
 * (only {@code [A-Za-z0-9._-]} kept; {@code x} when nothing is left), two bytes for the
 * content's length (big-endian) and the content.
 */
final class FolderArchive {
  static final List<String> PLACES = List.of(
      "cacerts", "intermediatecerts", "admincerts", "crls", "tlscacerts", "tlsintermediatecerts",
      "signcerts", "keystore", "");

  private FolderArchive() {}

  static void unpack(byte[] b, Path dir, Path outside) throws IOException {
    Files.createDirectories(dir);
    int pos = 0;
    while (pos + 2 <= b.length) {
      int place = b[pos++] & 0xff;
      int nameLen = b[pos++] & 0xff;
      String name = sanitize(new String(b, pos, Math.min(nameLen, b.length - pos), StandardCharsets.ISO_8859_1));
      pos = Math.min(b.length, pos + nameLen);
      int len = pos + 2 <= b.length ? ((b[pos] & 0xff) << 8) | (b[pos + 1] & 0xff) : 0;
      pos = Math.min(b.length, pos + 2);
      byte[] content = Arrays.copyOfRange(b, pos, Math.min(b.length, pos + len));
      pos = Math.min(b.length, pos + len);
      Path folder = dir.resolve(PLACES.get((place & 0x0f) % PLACES.size()));
      Files.createDirectories(folder);
      Path target = folder.resolve(name);
      if (Files.exists(target, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
        continue;
      }
      if ((place & 0x80) != 0) {
        Files.createSymbolicLink(target, outside);
      } else if ((place & 0x40) != 0) {
        Files.createDirectories(target);
      } else {
        Files.write(target, content);
      }
    }
  }

  /** One record of the archive. */
  static byte[] record(int place, String name, byte[] content) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    byte[] n = name.getBytes(StandardCharsets.ISO_8859_1);
    out.write(place);
    out.write(n.length);
    out.writeBytes(n);
    out.write(content.length >> 8);
    out.write(content.length & 0xff);
    out.writeBytes(content);
    return out.toByteArray();
  }

  private static String sanitize(String s) {
    StringBuilder b = new StringBuilder();
    for (char c : s.toCharArray()) {
      if (Character.isLetterOrDigit(c) && c < 0x80 || c == '.' || c == '_' || c == '-') {
        b.append(c);
      }
    }
    String n = b.toString();
    return n.isEmpty() || n.equals(".") || n.equals("..") ? "x" + n.length() : n;
  }
}
