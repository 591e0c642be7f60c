package io.msp4j.pkcs11.internal;

import com.sun.jna.Memory;
import com.sun.jna.Native;
import com.sun.jna.NativeLong;
import com.sun.jna.Pointer;
import com.sun.jna.ptr.NativeLongByReference;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import ru.rutoken.pkcs11jna.CK_ATTRIBUTE;
import ru.rutoken.pkcs11jna.CK_C_INITIALIZE_ARGS;
import ru.rutoken.pkcs11jna.CK_MECHANISM;
import ru.rutoken.pkcs11jna.CK_SESSION_INFO;
import ru.rutoken.pkcs11jna.CK_TOKEN_INFO;
import ru.rutoken.pkcs11jna.Pkcs11;

/**
 * The PKCS#11 functions msp4j calls, over one loaded library, in Java types. Every failure is a
 * {@link CkrException} naming the function and the return value. Stateless apart from the library
 * handle; safe for concurrent use as far as the library is (it is initialised with
 * CKF_OS_LOCKING_OK).
 */
public final class Cryptoki {

  static final long CKF_RW_SESSION = 0x2;
  static final long CKF_SERIAL_SESSION = 0x4;
  static final long CKF_OS_LOCKING_OK = 0x2;
  static final long CKU_USER = 1;
  static final long CKS_RO_USER_FUNCTIONS = 1;
  static final long CKS_RW_USER_FUNCTIONS = 3;

  private final Pkcs11 lib;

  private Cryptoki(Pkcs11 lib) {
    this.lib = lib;
  }

  /**
   * Loads a PKCS#11 library.
   *
   * @throws UnsatisfiedLinkError when the library cannot be loaded
   */
  public static Cryptoki load(String path) {
    return new Cryptoki(Native.load(path, Pkcs11.class));
  }

  /**
   * C_Initialize with OS locking.
   *
   * @return true if this call initialised the library, false if it already was
   */
  public boolean initialize() throws CkrException {
    CK_C_INITIALIZE_ARGS args = new CK_C_INITIALIZE_ARGS();
    args.flags = new NativeLong(CKF_OS_LOCKING_OK);
    long rv = lib.C_Initialize(args).longValue();
    if (rv == ReturnValues.CKR_CRYPTOKI_ALREADY_INITIALIZED) {
      return false;
    }
    check("C_Initialize", rv);
    return true;
  }

  /** C_Finalize. */
  public void finalizeLibrary() throws CkrException {
    check("C_Finalize", lib.C_Finalize(null).longValue());
  }

  /** The slots that hold a token, in the library's order. */
  public long[] slotsWithTokens() throws CkrException {
    NativeLongByReference count = new NativeLongByReference();
    check("C_GetSlotList", lib.C_GetSlotList((byte) 1, null, count).longValue());
    int n = count.getValue().intValue();
    if (n == 0) {
      return new long[0];
    }
    NativeLong[] slots = new NativeLong[n];
    check("C_GetSlotList", lib.C_GetSlotList((byte) 1, slots, count).longValue());
    long[] out = new long[count.getValue().intValue()];
    for (int i = 0; i < out.length; i++) {
      out[i] = slots[i].longValue();
    }
    return out;
  }

  /** The label of the token in a slot, without the padding. */
  public String tokenLabel(long slot) throws CkrException {
    CK_TOKEN_INFO info = new CK_TOKEN_INFO();
    check("C_GetTokenInfo", lib.C_GetTokenInfo(new NativeLong(slot), info).longValue());
    String s = new String(info.label, StandardCharsets.UTF_8);
    int end = s.length();
    while (end > 0 && (s.charAt(end - 1) == ' ' || s.charAt(end - 1) == '\0')) {
      end--;
    }
    return s.substring(0, end);
  }

  /** Opens a read-write serial session. */
  public long openSession(long slot) throws CkrException {
    NativeLongByReference session = new NativeLongByReference();
    check(
        "C_OpenSession",
        lib.C_OpenSession(
                new NativeLong(slot), new NativeLong(CKF_SERIAL_SESSION | CKF_RW_SESSION), null, null, session)
            .longValue());
    return session.getValue().longValue();
  }

  /** C_CloseSession. */
  public void closeSession(long session) throws CkrException {
    check("C_CloseSession", lib.C_CloseSession(new NativeLong(session)).longValue());
  }

  /** C_CloseAllSessions. */
  public void closeAllSessions(long slot) throws CkrException {
    check("C_CloseAllSessions", lib.C_CloseAllSessions(new NativeLong(slot)).longValue());
  }

  /** Whether the session is in a user-logged-in state. */
  public boolean loggedIn(long session) throws CkrException {
    CK_SESSION_INFO info = new CK_SESSION_INFO();
    check("C_GetSessionInfo", lib.C_GetSessionInfo(new NativeLong(session), info).longValue());
    long state = info.state.longValue();
    return state == CKS_RO_USER_FUNCTIONS || state == CKS_RW_USER_FUNCTIONS;
  }

  /**
   * Logs the user in; a user already logged in is fine. The PIN array is cleared afterwards.
   */
  public void login(long session, byte[] pin) throws CkrException {
    try {
      long rv = lib.C_Login(new NativeLong(session), new NativeLong(CKU_USER), pin, new NativeLong(pin.length))
          .longValue();
      if (rv != ReturnValues.CKR_USER_ALREADY_LOGGED_IN) {
        check("C_Login", rv);
      }
    } finally {
      Arrays.fill(pin, (byte) 0);
    }
  }

  /** The handles of the objects matching a template (at most {@code max}). */
  public long[] findObjects(long session, List<Attribute> template, int max) throws CkrException {
    NativeLong s = new NativeLong(session);
    CK_ATTRIBUTE[] t = Attribute.toNative(template);
    check("C_FindObjectsInit", lib.C_FindObjectsInit(s, t, new NativeLong(t.length)).longValue());
    List<Long> found = new ArrayList<>();
    try {
      NativeLong[] handles = new NativeLong[Math.max(1, max)];
      NativeLongByReference count = new NativeLongByReference();
      check("C_FindObjects", lib.C_FindObjects(s, handles, new NativeLong(handles.length), count).longValue());
      for (int i = 0; i < count.getValue().intValue(); i++) {
        found.add(handles[i].longValue());
      }
    } finally {
      lib.C_FindObjectsFinal(s);
    }
    return found.stream().mapToLong(Long::longValue).toArray();
  }

  /** The value of one attribute of an object, or null if the object has no such attribute. */
  public byte[] attribute(long session, long object, long type) throws CkrException {
    CK_ATTRIBUTE[] t = (CK_ATTRIBUTE[]) new CK_ATTRIBUTE().toArray(1);
    t[0].type = new NativeLong(type);
    t[0].pValue = null;
    t[0].ulValueLen = new NativeLong(0);
    long rv = lib.C_GetAttributeValue(new NativeLong(session), new NativeLong(object), t, new NativeLong(1)).longValue();
    if (rv != ReturnValues.CKR_OK) {
      if (rv == 0x12 || rv == 0x11) { // CKR_ATTRIBUTE_TYPE_INVALID, CKR_ATTRIBUTE_SENSITIVE
        return null;
      }
      check("C_GetAttributeValue", rv);
    }
    long len = t[0].ulValueLen.longValue();
    if (len < 0 || len > 1 << 16) {
      return null;
    }
    if (len == 0) {
      return new byte[0];
    }
    Memory m = new Memory(len);
    t[0].pValue = m;
    t[0].ulValueLen = new NativeLong(len);
    check(
        "C_GetAttributeValue",
        lib.C_GetAttributeValue(new NativeLong(session), new NativeLong(object), t, new NativeLong(1)).longValue());
    return m.getByteArray(0, (int) t[0].ulValueLen.longValue());
  }

  /** Signs {@code data} with a mechanism that takes no parameter; returns the raw signature. */
  public byte[] sign(long session, long mechanism, long key, byte[] data) throws CkrException {
    NativeLong s = new NativeLong(session);
    CK_MECHANISM m = new CK_MECHANISM(mechanism, Pointer.NULL, 0);
    check("C_SignInit", lib.C_SignInit(s, m, new NativeLong(key)).longValue());
    byte[] out = new byte[512];
    NativeLongByReference len = new NativeLongByReference(new NativeLong(out.length));
    check("C_Sign", lib.C_Sign(s, data, new NativeLong(data.length), out, len).longValue());
    return Arrays.copyOf(out, len.getValue().intValue());
  }

  /** The underlying binding, for the few calls only tests make (key generation). */
  public Pkcs11 binding() {
    return lib;
  }

  static void check(String function, long rv) throws CkrException {
    if (rv != ReturnValues.CKR_OK) {
      throw new CkrException(function, rv);
    }
  }
}
