# Run by the layering_* tests (tests/layering/CMakeLists.txt):
#   cmake -DCXX=compiler -DLIBRARY=name -DSOURCE_DIR=folder -DINCLUDES=file.rsp
#         -DALLOWED=probe.cpp -DFORBIDDEN=probe1.cpp,probe2.cpp,... -P check_includes.cmake
# Preprocesses each probe with the library's include directories (INCLUDES, a
# response file): ALLOWED must succeed; each FORBIDDEN probe includes one
# header of a library LIBRARY does not link, and must fail because exactly
# that header is not found. Prints the compiler's error for each. No source
# in SOURCE_DIR (the library's folder) may include a path starting "../".
cmake_minimum_required(VERSION 3.25)

function(preprocess probe)
    execute_process(COMMAND ${CXX} -std=c++20 -fPIC @${INCLUDES} -E -o /dev/null ${probe}
        RESULT_VARIABLE result ERROR_VARIABLE error OUTPUT_QUIET)
    set(result ${result} PARENT_SCOPE)
    set(error "${error}" PARENT_SCOPE)
endfunction()

set(failures "")
file(GLOB_RECURSE sources ${SOURCE_DIR}/*.h ${SOURCE_DIR}/*.cpp)
foreach(source IN LISTS sources)
    file(STRINGS ${source} climbs REGEX "^[ \t]*#[ \t]*include[ \t]*[\"<]\\.\\./")
    foreach(line IN LISTS climbs)
        string(APPEND failures "${source} reaches out of its folder: ${line}\n")
    endforeach()
endforeach()

preprocess(${ALLOWED})
if(NOT result EQUAL 0)
    string(APPEND failures "${LIBRARY}: a header it may include is not found:\n${error}\n")
endif()

string(REPLACE "," ";" FORBIDDEN "${FORBIDDEN}")
foreach(probe IN LISTS FORBIDDEN)
    file(STRINGS ${probe} include REGEX "^#include \"")
    string(REGEX REPLACE "^#include \"(.*)\"$" "\\1" header "${include}")
    string(REPLACE "." "\\." pattern "${header}")
    preprocess(${probe})
    string(REGEX MATCH "[^\n]*'?${pattern}'?(: No such file or directory| file not found)" message "${error}")
    if(result EQUAL 0)
        string(APPEND failures "${LIBRARY} can include \"${header}\", a library it does not link.\n")
    elseif(NOT message)
        string(APPEND failures "${LIBRARY} including \"${header}\" failed otherwise:\n${error}\n")
    else()
        message(STATUS "${LIBRARY} cannot include \"${header}\": ${message}")
    endif()
endforeach()

if(failures)
    message(FATAL_ERROR "The layering is broken:\n${failures}")
endif()
