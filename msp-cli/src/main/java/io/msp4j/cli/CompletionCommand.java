package io.msp4j.cli;

import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.AutoComplete;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code msp completion}: prints a bash (and zsh) completion script for every subcommand. */
@Command(
    name = "completion",
    mixinStandardHelpOptions = true,
    description = {
        "Print a bash completion script for msp.",
        "Zsh can load it too, after 'autoload -U "
            + "bashcompinit && bashcompinit'. Load it in the current shell or save it for "
            + "every shell."},
    footer = {
        "",
        "Example:",
        "  source <(./msp completion)",
        "  ./msp completion > /etc/bash_completion.d/msp"
    })
final class CompletionCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    out.print(AutoComplete.bash("msp", Main.full()));
    out.flush();
    return ExitCodes.OK;
  }
}
