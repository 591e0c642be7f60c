/**
 * Readers of Fabric configuration files: {@link io.msp4j.config.MspFolders} reads an
 * {@code mspconfig} folder (with its {@code config.yaml}) into Fabric's {@code MSPConfig}.
 *
 * <p>{@code io.msp4j.config.internal} holds the implementation and is not part of the API.
 */
package io.msp4j.config;
