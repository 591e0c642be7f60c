package io.msp4j.testdata.cryptogen;

import java.util.List;
import java.util.Objects;

/**
 * What msp4j's spec can ask of a certificate beyond cryptogen. Every part is optional; null (or an
 * empty list of OUs) means "as cryptogen does". In YAML these are keys of {@code CA}, its {@code
 * Intermediates}, {@code Template}, {@code Specs} entries, {@code Users}, {@code Users.Specs}
 * entries and {@code Admin}:
 *
 * <pre>
 * PublicKeyAlgorithm: ecdsa-p384   # ecdsa (P-256), ecdsa-p256, ecdsa-p384, ed25519, rsa, rsa-2048, rsa-3072, rsa-4096
 * Validity: {NotBefore: -2y, NotAfter: -1d}
 * OrganizationalUnits: [dept1]     # extra OU attributes in the subject
 * KeyUsage: [digitalSignature]     # [] leaves the extension out
 * ExtKeyUsage: [clientAuth]        # [] leaves the extension out
 * BasicConstraints: {CA: false, Critical: true}
 * NameConstraints: {Permitted: [example.com]}   # CAs only
 * Issuer: ca.org1.example.com      # nodes only: the CN of the CA that signs (default: the lowest intermediate)
 * </pre>
 *
 * @param keyAlgorithm the key algorithm name, or null for the default ({@code ecdsa})
 * @param validity the validity window, or null to inherit the spec's
 * @param organizationalUnits extra OU attributes for the subject
 * @param keyUsage key usage bit names, or null for cryptogen's choice
 * @param extendedKeyUsage extended key usage names or dotted OIDs, or null for cryptogen's choice
 * @param basicConstraints basic constraints, or null for cryptogen's choice
 * @param nameConstraints name constraints (CAs only), or null for none
 * @param issuer the common name of the signing CA (nodes and users only), or null for the default
 * @param location where these options were written
 */
public record CertOptions(
    String keyAlgorithm,
    Validity validity,
    List<String> organizationalUnits,
    List<String> keyUsage,
    List<String> extendedKeyUsage,
    BasicConstraintsSpec basicConstraints,
    NameConstraintsSpec nameConstraints,
    String issuer,
    SpecLocation location) {

  /** No options: everything as cryptogen does. */
  public static final CertOptions NONE =
      new CertOptions(null, null, List.of(), null, null, null, null, null, SpecLocation.NONE);

  public CertOptions {
    organizationalUnits = List.copyOf(organizationalUnits);
    keyUsage = keyUsage == null ? null : List.copyOf(keyUsage);
    extendedKeyUsage = extendedKeyUsage == null ? null : List.copyOf(extendedKeyUsage);
    Objects.requireNonNull(location, "location");
  }

  /** These options with another key algorithm. */
  public CertOptions withKeyAlgorithm(String algorithm) {
    return new CertOptions(algorithm, validity, organizationalUnits, keyUsage, extendedKeyUsage,
        basicConstraints, nameConstraints, issuer, location);
  }

  /** These options with another validity window. */
  public CertOptions withValidity(Validity window) {
    return new CertOptions(keyAlgorithm, window, organizationalUnits, keyUsage, extendedKeyUsage,
        basicConstraints, nameConstraints, issuer, location);
  }

  /** These options with extra subject OUs. */
  public CertOptions withOrganizationalUnits(List<String> ous) {
    return new CertOptions(keyAlgorithm, validity, ous, keyUsage, extendedKeyUsage,
        basicConstraints, nameConstraints, issuer, location);
  }

  /** These options with a key usage choice (an empty list leaves the extension out). */
  public CertOptions withKeyUsage(List<String> usages) {
    return new CertOptions(keyAlgorithm, validity, organizationalUnits, usages, extendedKeyUsage,
        basicConstraints, nameConstraints, issuer, location);
  }

  /** These options with an extended key usage choice (an empty list leaves the extension out). */
  public CertOptions withExtendedKeyUsage(List<String> usages) {
    return new CertOptions(keyAlgorithm, validity, organizationalUnits, keyUsage, usages,
        basicConstraints, nameConstraints, issuer, location);
  }

  /** These options with a basic constraints choice. */
  public CertOptions withBasicConstraints(BasicConstraintsSpec constraints) {
    return new CertOptions(keyAlgorithm, validity, organizationalUnits, keyUsage, extendedKeyUsage,
        constraints, nameConstraints, issuer, location);
  }

  /** These options with name constraints. */
  public CertOptions withNameConstraints(NameConstraintsSpec constraints) {
    return new CertOptions(keyAlgorithm, validity, organizationalUnits, keyUsage, extendedKeyUsage,
        basicConstraints, constraints, issuer, location);
  }

  /** These options with another issuing CA (by common name). */
  public CertOptions withIssuer(String issuerCommonName) {
    return new CertOptions(keyAlgorithm, validity, organizationalUnits, keyUsage, extendedKeyUsage,
        basicConstraints, nameConstraints, issuerCommonName, location);
  }
}
