package io.msp4j.cli;

import io.msp4j.config.IdemixMspFolders;
import java.nio.file.Path;
import java.util.Locale;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Option;
import picocli.CommandLine.TypeConversionException;

/**
 * {@code --msp-type}: whether a folder holds an X.509 or an idemix MSP. Without it the layout
 * decides: a folder with {@code msp/IssuerPublicKey} is idemix (IDEMIX-FOLDER-01).
 */
final class MspTypeOption {
  /** The two kinds of MSP Fabric has. */
  enum Type {
    X509,
    IDEMIX
  }

  @Option(
      names = "--msp-type",
      paramLabel = "TYPE",
      converter = Converter.class,
      description = "x509 (also: fabric, bccsp) or idemix; default: idemix when the folder has"
          + " msp/IssuerPublicKey, else x509.")
  Type type;

  /** Whether the folder is to be read as an idemix MSP. */
  boolean idemix(Path dir) {
    return type == null ? IdemixMspFolders.isIdemixFolder(dir) : type == Type.IDEMIX;
  }

  /** Parses the type; anything else is a usage error. */
  static final class Converter implements ITypeConverter<Type> {
    @Override
    public Type convert(String value) {
      return switch (value.toLowerCase(Locale.ROOT)) {
        case "x509", "x.509", "fabric", "bccsp" -> Type.X509;
        case "idemix" -> Type.IDEMIX;
        default -> throw new TypeConversionException(
            "unknown MSP type '" + value + "' (expected x509 or idemix)");
      };
    }
  }
}
