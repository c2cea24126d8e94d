"""Text analysis done in Python, the same at index time (kinds' document builders) and at query time
(indexer/queries): normalisation (invisible characters, full width, traditional → simplified), Chinese
word segmentation (jieba with the project's AI vocabulary), pinyin, and the zh↔en glossary.
See docs/search.md."""
