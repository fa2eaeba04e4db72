#pragma once

#include "http/StringHash.h"

#include <string>
#include <string_view>
#include <unordered_map>

namespace hostbench::http {

/*
 * Content-Type by file name: the web formats (.html, .css, .js, .mjs, .json,
 * .svg, .wasm, .webp, .avif, .woff, .woff2, .webmanifest) from a fixed table
 * of their registered types, whatever the host's shared-mime-info says;
 * everything else from QMimeDatabase's glob patterns
 * (mimeTypeForFile(name, MatchExtension); the file is never read), cached
 * per file name so the database and Qt strings are touched once per name.
 * Follows nginx's default: the plain type, no "; charset=" parameter
 * (nginx's charset is off unless configured). Unknown names are
 * application/octet-stream, nginx's default_type.
 *
 * Thread: one instance per worker, used by that worker only. The view
 * returned by typeFor() stays valid until the next typeFor() call (the
 * cache may be cleared when it grows past kMaxEntries).
 */
class MimeTypes final
{
public:
    static constexpr size_t kMaxEntries = 4096;

    std::string_view typeFor(std::string_view fileName);
    // The uncached lookup; any thread (QMimeDatabase is thread-safe).
    static std::string lookup(std::string_view fileName);

private:
    std::unordered_map<std::string, std::string, StringHash, std::equal_to<>> m_cache;
};

} // namespace hostbench::http
