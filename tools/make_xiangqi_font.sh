#!/usr/bin/env bash
# Rebuilds web/fonts/xiangqi-pieces.woff2: the xiangqi pieces' and river's
# characters from WenQuanYi Micro Hei, so the board reads without a Chinese
# font installed. Needs Debian's fonts-wqy-microhei and fonttools with brotli
# (apt-get install fonts-wqy-microhei; pip install fonttools brotli).
set -euo pipefail
cd "$(dirname "$0")/.."
pyftsubset /usr/share/fonts/truetype/wqy/wqy-microhei.ttc --font-number=0 \
    --text="帥仕相傌俥炮兵將士象馬車砲卒楚河漢界" \
    --flavor=woff2 --layout-features='' --no-hinting --desubroutinize \
    --output-file=web/fonts/xiangqi-pieces.woff2
ls -l web/fonts/xiangqi-pieces.woff2
