"""What the views call: each read goes through the app's index reader and the anonymous read
cache, and applies the rules of its resource (the views only parse and answer)."""
