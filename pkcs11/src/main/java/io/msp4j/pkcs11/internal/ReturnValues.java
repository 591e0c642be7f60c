package io.msp4j.pkcs11.internal;

import java.util.Map;
import java.util.Set;

/** Names of the PKCS#11 return values (CKR_*) msp4j reports, for messages. */
final class ReturnValues {
  private ReturnValues() {}

  static final long CKR_OK = 0x0;
  static final long CKR_DEVICE_ERROR = 0x30;
  static final long CKR_DEVICE_REMOVED = 0x32;
  static final long CKR_KEY_HANDLE_INVALID = 0x60;
  static final long CKR_KEY_TYPE_INCONSISTENT = 0x63;
  static final long CKR_KEY_FUNCTION_NOT_PERMITTED = 0x68;
  static final long CKR_MECHANISM_INVALID = 0x70;
  static final long CKR_OBJECT_HANDLE_INVALID = 0x82;
  static final long CKR_PIN_INCORRECT = 0xA0;
  static final long CKR_PIN_INVALID = 0xA1;
  static final long CKR_PIN_LEN_RANGE = 0xA2;
  static final long CKR_PIN_EXPIRED = 0xA3;
  static final long CKR_PIN_LOCKED = 0xA4;
  static final long CKR_SESSION_CLOSED = 0xB0;
  static final long CKR_SESSION_HANDLE_INVALID = 0xB3;
  static final long CKR_TOKEN_NOT_PRESENT = 0xE0;
  static final long CKR_USER_ALREADY_LOGGED_IN = 0x100;
  static final long CKR_USER_NOT_LOGGED_IN = 0x101;
  static final long CKR_USER_PIN_NOT_INITIALIZED = 0x102;
  static final long CKR_CRYPTOKI_NOT_INITIALIZED = 0x190;
  static final long CKR_CRYPTOKI_ALREADY_INITIALIZED = 0x191;

  /** Return values after which every session is gone and new ones must be opened. */
  static final Set<Long> SESSIONS_LOST =
      Set.of(
          CKR_DEVICE_ERROR,
          CKR_DEVICE_REMOVED,
          CKR_SESSION_CLOSED,
          CKR_SESSION_HANDLE_INVALID,
          CKR_TOKEN_NOT_PRESENT,
          CKR_USER_NOT_LOGGED_IN,
          CKR_CRYPTOKI_NOT_INITIALIZED,
          CKR_KEY_HANDLE_INVALID,
          CKR_OBJECT_HANDLE_INVALID);

  /** Return values that mean the PIN was refused. */
  static final Set<Long> PIN_REFUSED =
      Set.of(
          CKR_PIN_INCORRECT,
          CKR_PIN_INVALID,
          CKR_PIN_LEN_RANGE,
          CKR_PIN_EXPIRED,
          CKR_PIN_LOCKED,
          CKR_USER_PIN_NOT_INITIALIZED);

  private static final Map<Long, String> NAMES =
      Map.ofEntries(
          Map.entry(CKR_OK, "CKR_OK"),
          Map.entry(0x3L, "CKR_SLOT_ID_INVALID"),
          Map.entry(0x5L, "CKR_GENERAL_ERROR"),
          Map.entry(0x6L, "CKR_FUNCTION_FAILED"),
          Map.entry(0x7L, "CKR_ARGUMENTS_BAD"),
          Map.entry(0x12L, "CKR_ATTRIBUTE_TYPE_INVALID"),
          Map.entry(CKR_DEVICE_ERROR, "CKR_DEVICE_ERROR"),
          Map.entry(0x31L, "CKR_DEVICE_MEMORY"),
          Map.entry(CKR_DEVICE_REMOVED, "CKR_DEVICE_REMOVED"),
          Map.entry(CKR_KEY_HANDLE_INVALID, "CKR_KEY_HANDLE_INVALID"),
          Map.entry(CKR_KEY_TYPE_INCONSISTENT, "CKR_KEY_TYPE_INCONSISTENT"),
          Map.entry(CKR_KEY_FUNCTION_NOT_PERMITTED, "CKR_KEY_FUNCTION_NOT_PERMITTED"),
          Map.entry(CKR_MECHANISM_INVALID, "CKR_MECHANISM_INVALID"),
          Map.entry(0x71L, "CKR_MECHANISM_PARAM_INVALID"),
          Map.entry(CKR_OBJECT_HANDLE_INVALID, "CKR_OBJECT_HANDLE_INVALID"),
          Map.entry(0x90L, "CKR_OPERATION_ACTIVE"),
          Map.entry(0x91L, "CKR_OPERATION_NOT_INITIALIZED"),
          Map.entry(CKR_PIN_INCORRECT, "CKR_PIN_INCORRECT"),
          Map.entry(CKR_PIN_INVALID, "CKR_PIN_INVALID"),
          Map.entry(CKR_PIN_LEN_RANGE, "CKR_PIN_LEN_RANGE"),
          Map.entry(CKR_PIN_EXPIRED, "CKR_PIN_EXPIRED"),
          Map.entry(CKR_PIN_LOCKED, "CKR_PIN_LOCKED"),
          Map.entry(CKR_SESSION_CLOSED, "CKR_SESSION_CLOSED"),
          Map.entry(0xB1L, "CKR_SESSION_COUNT"),
          Map.entry(CKR_SESSION_HANDLE_INVALID, "CKR_SESSION_HANDLE_INVALID"),
          Map.entry(CKR_TOKEN_NOT_PRESENT, "CKR_TOKEN_NOT_PRESENT"),
          Map.entry(0xE1L, "CKR_TOKEN_NOT_RECOGNIZED"),
          Map.entry(CKR_USER_ALREADY_LOGGED_IN, "CKR_USER_ALREADY_LOGGED_IN"),
          Map.entry(CKR_USER_NOT_LOGGED_IN, "CKR_USER_NOT_LOGGED_IN"),
          Map.entry(CKR_USER_PIN_NOT_INITIALIZED, "CKR_USER_PIN_NOT_INITIALIZED"),
          Map.entry(0x103L, "CKR_USER_TYPE_INVALID"),
          Map.entry(0x150L, "CKR_BUFFER_TOO_SMALL"),
          Map.entry(CKR_CRYPTOKI_NOT_INITIALIZED, "CKR_CRYPTOKI_NOT_INITIALIZED"),
          Map.entry(CKR_CRYPTOKI_ALREADY_INITIALIZED, "CKR_CRYPTOKI_ALREADY_INITIALIZED"));

  /** The CKR_ name of a return value, or its hex value. */
  static String name(long rv) {
    String n = NAMES.get(rv);
    return n != null ? n : String.format("CKR 0x%X", rv);
  }
}
