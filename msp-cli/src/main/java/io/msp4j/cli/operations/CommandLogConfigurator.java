package io.msp4j.cli.operations;

import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.Configurator;
import ch.qos.logback.classic.spi.ConfiguratorRank;
import ch.qos.logback.core.spi.ContextAwareBase;

/**
 * Logback's configuration for the {@code msp} command, found through {@code
 * META-INF/services}: the command's appender and level filter, without looking for logback XML
 * files on the class path (which would also cost start-up time).
 */
@ConfiguratorRank(ConfiguratorRank.CUSTOM_HIGH_PRIORITY)
public final class CommandLogConfigurator extends ContextAwareBase implements Configurator {

  /** Used by logback's service loader. */
  public CommandLogConfigurator() {}

  @Override
  public ExecutionStatus configure(LoggerContext context) {
    CommandLogging.configure(context);
    return ExecutionStatus.DO_NOT_INVOKE_NEXT_IF_ANY;
  }
}
