#!/usr/bin/env bash
# Runs c-kzg-4844's own Java test suite, unchanged, on this package:
#
#   bindings/java/peer-suite.sh <path to a c-kzg-4844 checkout, tag v2.1.8>
#
# Builds the JNI library and installs the jar (io.fastkzg:fastkzg-java) into
# the local Maven repository, then copies the checkout's
# bindings/java/src/test and src/testFixtures into a temporary Maven project
# that depends on that jar instead of jc-kzg-4844, and runs it with the
# checkout's bindings/java as working directory (its tests read
# ../../tests/... and ../../src/trusted_setup.txt from there). The test
# sources are not modified. Not part of test.sh: it needs the c-kzg checkout.
set -euo pipefail

if [ $# -ne 1 ] || [ ! -d "$1/bindings/java/src/test" ]; then
  echo "usage: $0 <c-kzg-4844 checkout (v2.1.8)>" >&2
  exit 2
fi
ckzg="$(cd "$1" && pwd)"
here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$repo/target}"
work="$(mktemp -d "${TMPDIR:-/tmp}/fastkzg-peer-suite.XXXXXX")"
trap 'rm -rf "$work"' EXIT

echo "== build and install io.fastkzg:fastkzg-java"
(cd "$repo" && cargo build -p fastkzg-java --release --quiet)
(cd "$here" && mvn -q -B -ntp -DskipTests -Dfastkzg.native.dir="$CARGO_TARGET_DIR/release" install)

echo "== c-kzg-4844 $(git -C "$ckzg" describe --tags 2>/dev/null || echo '?') Java suite on fastkzg ($work)"
src="$ckzg/bindings/java/src"
mkdir -p "$work/src/test/java" "$work/src/test/resources"
cp -r "$src/test/java/." "$work/src/test/java/"
cp -r "$src/testFixtures/java/." "$work/src/test/java/"
cp -r "$src/testFixtures/resources/." "$work/src/test/resources/"
cat > "$work/pom.xml" <<POM
<?xml version="1.0" encoding="UTF-8"?>
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>io.fastkzg</groupId>
  <artifactId>ckzg-peer-suite</artifactId>
  <version>0</version>
  <properties>
    <maven.compiler.release>17</maven.compiler.release>
    <project.build.sourceEncoding>UTF-8</project.build.sourceEncoding>
  </properties>
  <dependencies>
    <!-- In place of io.consensys.protocols:jc-kzg-4844. -->
    <dependency><groupId>io.fastkzg</groupId><artifactId>fastkzg-java</artifactId><version>0.1.0</version></dependency>
    <!-- The suite's own dependencies (its build.gradle). -->
    <dependency><groupId>org.junit.jupiter</groupId><artifactId>junit-jupiter</artifactId><version>5.14.1</version><scope>test</scope></dependency>
    <dependency><groupId>org.junit.jupiter</groupId><artifactId>junit-jupiter-params</artifactId><version>5.14.1</version><scope>test</scope></dependency>
    <dependency><groupId>org.apache.tuweni</groupId><artifactId>tuweni-units</artifactId><version>2.3.1</version><scope>test</scope></dependency>
    <dependency><groupId>com.fasterxml.jackson.core</groupId><artifactId>jackson-databind</artifactId><version>2.22.1</version><scope>test</scope></dependency>
    <dependency><groupId>com.fasterxml.jackson.dataformat</groupId><artifactId>jackson-dataformat-yaml</artifactId><version>2.22.1</version><scope>test</scope></dependency>
  </dependencies>
  <build>
    <plugins>
      <plugin><groupId>org.apache.maven.plugins</groupId><artifactId>maven-compiler-plugin</artifactId><version>3.13.0</version></plugin>
      <plugin>
        <groupId>org.apache.maven.plugins</groupId>
        <artifactId>maven-surefire-plugin</artifactId>
        <version>3.5.2</version>
        <configuration>
          <workingDirectory>$ckzg/bindings/java</workingDirectory>
          <trimStackTrace>false</trimStackTrace>
        </configuration>
      </plugin>
    </plugins>
  </build>
</project>
POM
cd "$work"
mvn -B -ntp test | awk '!/^\[INFO\]/ || /T E S T S|Running |Tests run|FAIL|ERROR|BUILD/'
