package io.msp4j.pkcs11.internal;

import com.sun.jna.Memory;
import com.sun.jna.NativeLong;
import java.util.List;
import ru.rutoken.pkcs11jna.CK_ATTRIBUTE;

/**
 * One attribute of a PKCS#11 search or object template: a type (CKA_*) and its value, a number, a
 * flag or bytes.
 */
public record Attribute(long type, Object value) {

  public static final long CKA_CLASS = 0x0;
  public static final long CKA_TOKEN = 0x1;
  public static final long CKA_PRIVATE = 0x2;
  public static final long CKA_LABEL = 0x3;
  public static final long CKA_KEY_TYPE = 0x100;
  public static final long CKA_ID = 0x102;
  public static final long CKA_SENSITIVE = 0x103;
  public static final long CKA_SIGN = 0x108;
  public static final long CKA_VERIFY = 0x10A;
  public static final long CKA_EXTRACTABLE = 0x162;
  public static final long CKA_MODIFIABLE = 0x170;
  public static final long CKA_EC_PARAMS = 0x180;
  public static final long CKA_EC_POINT = 0x181;

  public static final long CKO_PUBLIC_KEY = 2;
  public static final long CKO_PRIVATE_KEY = 3;
  public static final long CKK_EC = 3;
  public static final long CKK_EC_EDWARDS = 0x40;

  /** A CK_ULONG-valued attribute. */
  public static Attribute number(long type, long value) {
    return new Attribute(type, value);
  }

  /** A CK_BBOOL-valued attribute. */
  public static Attribute flag(long type, boolean value) {
    return new Attribute(type, value);
  }

  /** A byte-array-valued attribute. */
  public static Attribute bytes(long type, byte[] value) {
    return new Attribute(type, value.clone());
  }

  /** The template as a contiguous native array. */
  public static CK_ATTRIBUTE[] toNative(List<Attribute> template) {
    CK_ATTRIBUTE[] t = (CK_ATTRIBUTE[]) new CK_ATTRIBUTE().toArray(Math.max(1, template.size()));
    for (int i = 0; i < template.size(); i++) {
      Attribute a = template.get(i);
      Memory m;
      if (a.value instanceof Long l) {
        m = new Memory(NativeLong.SIZE);
        m.setNativeLong(0, new NativeLong(l));
      } else if (a.value instanceof Boolean b) {
        m = new Memory(1);
        m.setByte(0, (byte) (b ? 1 : 0));
      } else {
        byte[] v = (byte[]) a.value;
        m = new Memory(Math.max(1, v.length));
        m.write(0, v, 0, v.length);
        t[i].type = new NativeLong(a.type);
        t[i].pValue = m;
        t[i].ulValueLen = new NativeLong(v.length);
        continue;
      }
      t[i].type = new NativeLong(a.type);
      t[i].pValue = m;
      t[i].ulValueLen = new NativeLong(m.size());
    }
    return template.isEmpty() ? new CK_ATTRIBUTE[0] : t;
  }
}
