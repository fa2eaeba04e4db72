#pragma once

#include <algorithm>
#include <array>
#include <string_view>
#include <utility>

namespace hostbench::model {

/*
 * The media types web pages depend on, as registered with IANA and as
 * browsers require them (WebAssembly.instantiateStreaming refuses anything
 * but application/wasm; RFC 9239 makes text/javascript the JavaScript type).
 * shared-mime-info differs between hosts (Debian 12 has no .wasm, and calls
 * .js application/javascript), so the engine never takes these from
 * QMimeDatabase, and the configuration export writes the same. Like nginx's
 * default (charset off), no "; charset=" parameter. Any thread; no allocation.
 */
class WebMimeTypes final
{
public:
    static constexpr std::array<std::pair<std::string_view, std::string_view>, 13> kTypes = { {
        { "avif", "image/avif" },
        { "css", "text/css" },
        { "htm", "text/html" },
        { "html", "text/html" },
        { "js", "text/javascript" },
        { "json", "application/json" },
        { "mjs", "text/javascript" },
        { "svg", "image/svg+xml" },
        { "wasm", "application/wasm" },
        { "webmanifest", "application/manifest+json" },
        { "webp", "image/webp" },
        { "woff", "font/woff" },
        { "woff2", "font/woff2" },
    } };

    // The type of a file name's extension (case-insensitive), or empty when
    // the table does not name it.
    static std::string_view forFileName(std::string_view fileName)
    {
        const std::size_t dot = fileName.rfind('.');
        if (dot == std::string_view::npos || fileName.size() - dot - 1 > 11)
            return {};
        char lower[12] = {};
        const std::string_view extension = fileName.substr(dot + 1);
        std::transform(extension.begin(), extension.end(), lower,
            [](char c) { return c >= 'A' && c <= 'Z' ? char(c - 'A' + 'a') : c; });
        const std::string_view key(lower, extension.size());
        for (const auto &[name, type] : kTypes) {
            if (name == key)
                return type;
        }
        return {};
    }
};

} // namespace hostbench::model
