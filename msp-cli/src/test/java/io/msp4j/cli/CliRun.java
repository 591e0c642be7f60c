package io.msp4j.cli;

import java.io.PrintWriter;
import java.io.StringWriter;

/** Runs the {@code msp} command in-process and captures what it prints. */
record CliRun(int status, String out, String err) {

  static CliRun of(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int status = Main.run(new PrintWriter(out, true), new PrintWriter(err, true), args);
    return new CliRun(status, out.toString(), err.toString());
  }
}
