#pragma once

#include <functional>
#include <string>
#include <string_view>

namespace hostbench::http {

/*
 * Transparent hash for std::unordered_map<std::string, ...>, so lookups by
 * std::string_view (C++20 heterogeneous lookup) build no temporary string.
 * Pair it with std::equal_to<>. Any thread.
 */
struct StringHash
{
    using is_transparent = void;
    size_t operator()(std::string_view s) const noexcept { return std::hash<std::string_view> {}(s); }
};

} // namespace hostbench::http
