package io.msp4j.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code msp channel}: the commands that work on a live channel. */
@Command(
    name = "channel",
    mixinStandardHelpOptions = true,
    description = "Live channel tools: follow a channel from an orderer or a peer.",
    footer = {
        "",
        "Example:",
        "  ./msp channel follow --orderer 127.0.0.1:7050 --tls-ca tlsca.pem --server-name orderer.example.com --channel mychannel --msp-dir users/User1@org1.example.com/msp --msp-id Org1MSP --json"
    })
public final class ChannelCommand implements Runnable {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  /** The command line of this group with its subcommands registered. */
  static CommandLine commandLine() {
    CommandLine cli = new CommandLine(new ChannelCommand());
    cli.addSubcommand("follow", new FollowCommand());
    return cli;
  }

  @Override
  public void run() {
    spec.commandLine().usage(spec.commandLine().getErr());
  }
}
