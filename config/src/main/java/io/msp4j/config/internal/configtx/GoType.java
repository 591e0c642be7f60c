package io.msp4j.config.internal.configtx;

import java.util.List;

/**
 * The Go type a value of configtx.yaml is decoded into: what Fabric's structs declare, reduced to
 * what the decoder's rules depend on (kind, bit size, element type, struct fields).
 */
public sealed interface GoType {

  /** Go's name of the type, as the decoder's messages show it. */
  String goName();

  /** A Go {@code string}. */
  record Str() implements GoType {
    @Override
    public String goName() {
      return "string";
    }
  }

  /** A Go {@code bool}. */
  record Bool() implements GoType {
    @Override
    public String goName() {
      return "bool";
    }
  }

  /** A signed Go integer of {@code bits} bits; {@code duration} for {@code time.Duration}. */
  record Int(int bits, boolean duration) implements GoType {
    @Override
    public String goName() {
      return duration ? "time.Duration" : bits == 64 ? "int" : "int" + bits;
    }
  }

  /** An unsigned Go integer of {@code bits} bits. */
  record Uint(int bits) implements GoType {
    @Override
    public String goName() {
      return "uint" + bits;
    }
  }

  /** A Go slice of {@code elem}. */
  record Slice(GoType elem) implements GoType {
    @Override
    public String goName() {
      return "[]" + elem.goName();
    }
  }

  /** A Go map from string to {@code elem}. */
  record StringMap(GoType elem) implements GoType {
    @Override
    public String goName() {
      return "map[string]" + elem.goName();
    }
  }

  /** A pointer to {@code elem}; nil until a value is decoded into it. */
  record Ptr(Struct elem) implements GoType {
    @Override
    public String goName() {
      return "*" + elem.goName();
    }
  }

  /** A Go struct; its fields are matched to keys by name, ignoring case. */
  record Struct(String name, List<Field> fields) implements GoType {
    public Struct {
      fields = List.copyOf(fields);
    }

    @Override
    public String goName() {
      return name;
    }
  }

  /** A struct field. */
  record Field(String name, GoType type) {}

  GoType STRING = new Str();
  GoType BOOL = new Bool();
  GoType INT = new Int(64, false);
  GoType INT32 = new Int(32, false);
  GoType DURATION = new Int(64, true);
  GoType UINT8 = new Uint(8);
  GoType UINT32 = new Uint(32);
  GoType UINT64 = new Uint(64);
  GoType BYTES = new Slice(UINT8);

  static Field field(String name, GoType type) {
    return new Field(name, type);
  }
}
