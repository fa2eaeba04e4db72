#include "RequestTarget.h"

namespace hostbench::http {

namespace {

int hexValue(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

bool startsWithNoCase(std::string_view s, std::string_view prefix)
{
    if (s.size() < prefix.size())
        return false;
    for (size_t i = 0; i < prefix.size(); ++i) {
        char c = s[i];
        if (c >= 'A' && c <= 'Z')
            c = char(c - 'A' + 'a');
        if (c != prefix[i])
            return false;
    }
    return true;
}

// Ends the segment that starts at out[segmentStart] (just after a '/').
// Returns false when ".." would climb above the root.
bool closeSegment(std::string &out, size_t segmentStart, bool slashFollows)
{
    const std::string_view segment(out.data() + segmentStart, out.size() - segmentStart);
    if (segment.empty())
        return true; // "//": merged, like nginx's merge_slashes
    if (segment == ".") {
        out.resize(segmentStart);
        return true;
    }
    if (segment == "..") {
        if (segmentStart <= 1)
            return false;
        // out is "/a/b/.." here: drop "..", then "b/".
        const size_t previousSlash = out.rfind('/', segmentStart - 2);
        out.resize(previousSlash + 1);
        return true;
    }
    if (slashFollows)
        out.push_back('/');
    return true;
}

} // namespace

bool RequestTarget::split(std::string_view target, RequestTarget &out)
{
    out = RequestTarget();
    if (target.empty())
        return false;
    if (target.front() != '/') {
        // RFC 9112 §3.2.2: absolute-form; its authority replaces Host.
        size_t schemeLength = 0;
        if (startsWithNoCase(target, "http://"))
            schemeLength = 7;
        else if (startsWithNoCase(target, "https://"))
            schemeLength = 8;
        else
            return false;
        target.remove_prefix(schemeLength);
        const size_t end = target.find_first_of("/?#");
        out.authority = target.substr(0, end);
        if (const size_t at = out.authority.rfind('@'); at != std::string_view::npos)
            out.authority.remove_prefix(at + 1); // userinfo is not part of the host
        if (out.authority.empty())
            return false;
        target = end == std::string_view::npos ? std::string_view() : target.substr(end);
        if (target.empty() || target.front() != '/') {
            out.path = "/";
            if (!target.empty() && target.front() == '?')
                out.query = target.substr(1);
            return true;
        }
    }
    // A fragment never belongs in a request-target; drop it if a client sends one.
    if (const size_t hash = target.find('#'); hash != std::string_view::npos)
        target = target.substr(0, hash);
    if (const size_t question = target.find('?'); question != std::string_view::npos) {
        out.query = target.substr(question + 1);
        target = target.substr(0, question);
    }
    out.path = target;
    return true;
}

bool RequestTarget::normalizePath(std::string_view rawPath, std::string &out, const char **reason)
{
    const char *ignored = nullptr;
    const char *&why = reason ? *reason : ignored;
    why = nullptr;
    out.clear();
    if (rawPath.empty() || rawPath.front() != '/')
        return false; // split() never gives such a path
    out.push_back('/');
    size_t segmentStart = 1;
    for (size_t i = 1; i < rawPath.size(); ++i) {
        char c = rawPath[i];
        if (c == '%') {
            const int high = i + 2 < rawPath.size() ? hexValue(rawPath[i + 1]) : -1;
            const int low = i + 2 < rawPath.size() ? hexValue(rawPath[i + 2]) : -1;
            if (high < 0 || low < 0) {
                why = kBadEscape;
                return false;
            }
            c = char(high * 16 + low);
            i += 2;
        }
        if (c == '\0' || c == '\\') {
            why = kBadByte;
            return false;
        }
        if (c == '/') {
            if (!closeSegment(out, segmentStart, true)) {
                why = kClimbsAboveRoot;
                return false;
            }
            segmentStart = out.size();
            continue;
        }
        out.push_back(c);
    }
    if (!closeSegment(out, segmentStart, false)) {
        why = kClimbsAboveRoot;
        return false;
    }
    return true;
}

} // namespace hostbench::http
